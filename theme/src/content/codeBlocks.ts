// Copy and word-wrap buttons on the engine's code blocks (reference 10.7),
// added to the hydrated DOM: the server HTML stays exactly what the engine
// wrote, so hydration matches, and readers without JavaScript (who could
// not use the buttons anyway) do not see them.

const COPIED_MS = 1000;

const COPY_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" class="code-block__icon code-block__icon--copy"><path fill="currentColor" d="M19,21H8V7H19M19,5H8A2,2 0 0,0 6,7V21A2,2 0 0,0 8,23H19A2,2 0 0,0 21,21V7A2,2 0 0,0 19,5M16,1H4A2,2 0 0,0 2,3V17H4V3H16V1Z"/></svg>';
const COPIED_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" class="code-block__icon code-block__icon--copied"><path fill="currentColor" d="M21,7L9,19L3.5,13.5L4.91,12.09L9,16.17L19.59,5.59L21,7Z"/></svg>';
const WRAP_ICON =
  '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" class="code-block__icon"><path fill="currentColor" d="M4 19h6v-2H4v2zM20 5H4v2h16V5zm-3 6H4v2h13.25c1.1 0 2 .9 2 2s-.9 2-2 2H15v-2l-3 3l3 3v-2h2c2.21 0 4-1.79 4-4s-1.79-4-4-4z"/></svg>';

/** The code as the reader sees it, without line numbers and without the final newline. */
export function codeText(code: Element): string {
  const copy = code.cloneNode(true) as Element;
  copy.querySelectorAll('.line-number').forEach((n) => n.remove());
  return (copy.textContent ?? '').replace(/\n$/, '');
}

/** Copies text with the Clipboard API, or the selection fallback where it is missing (plain HTTP, old browsers). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Permission denied or not focused: try the fallback.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const previousFocus = document.activeElement as HTMLElement | null;
  area.select();
  try {
    if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) throw new Error('copy command refused');
  } finally {
    area.remove();
    previousFocus?.focus();
  }
}

function button(className: string, label: string, title: string, icon: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `clean-btn code-block__button ${className}`;
  b.setAttribute('aria-label', label);
  b.title = title;
  b.innerHTML = icon;
  return b;
}

/** Adds the buttons to one code block; returns the function that removes them again. */
function enhanceCodeBlock(block: HTMLElement): () => void {
  const pre = block.querySelector<HTMLElement>(':scope > pre');
  const code = pre?.querySelector('code');
  if (!pre || !code) return () => {};

  // The buttons sit in the code area's top-right corner, below any title
  // bar, so the code area gets a positioned wrapper.
  const content = document.createElement('div');
  content.className = 'code-block__content';
  pre.replaceWith(content);
  content.appendChild(pre);

  const group = document.createElement('div');
  group.className = 'code-block__buttons';
  const wrap = button('code-block__button--wrap', 'Toggle word wrap', 'Toggle word wrap', WRAP_ICON);
  wrap.setAttribute('aria-pressed', 'false');
  const copy = button('code-block__button--copy', 'Copy code to clipboard', 'Copy', COPY_ICON + COPIED_ICON);
  group.append(wrap, copy);
  content.appendChild(group);

  // Word wrap is offered only when there is something to wrap: lines wider
  // than the block, or wrapping already on.
  const updateWrapVisibility = () => {
    const wrapped = block.classList.contains('code-block--wrap');
    wrap.hidden = !wrapped && pre.scrollWidth <= pre.clientWidth;
  };
  updateWrapVisibility();
  window.addEventListener('resize', updateWrapVisibility);
  wrap.addEventListener('click', () => {
    const wrapped = block.classList.toggle('code-block--wrap');
    wrap.setAttribute('aria-pressed', String(wrapped));
    updateWrapVisibility();
  });

  let reset: ReturnType<typeof setTimeout> | undefined;
  copy.addEventListener('click', () => {
    copyText(codeText(code)).then(
      () => {
        copy.setAttribute('aria-label', 'Copied');
        copy.classList.add('code-block__button--copied');
        clearTimeout(reset);
        reset = setTimeout(() => {
          copy.setAttribute('aria-label', 'Copy code to clipboard');
          copy.classList.remove('code-block__button--copied');
        }, COPIED_MS);
      },
      (err: unknown) => console.error('Could not copy the code to the clipboard', err),
    );
  });

  return () => {
    clearTimeout(reset);
    window.removeEventListener('resize', updateWrapVisibility);
    group.remove();
    if (content.parentNode) content.replaceWith(pre);
    block.classList.remove('code-block--wrap');
  };
}

/** Adds copy and word-wrap buttons to every code block under root; returns the undo. */
export function enhanceCodeBlocks(root: HTMLElement): () => void {
  const undo = Array.from(root.querySelectorAll<HTMLElement>('div.code-block')).map(enhanceCodeBlock);
  return () => undo.forEach((u) => u());
}
