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

let buttonsTemplate: HTMLElement | null = null;

/**
 * A fresh group of the two buttons. The group is built (its icons parsed)
 * once per document and cloned for each block: a long reference page has a
 * hundred and more blocks.
 */
function buttonGroup(): { group: HTMLElement; wrap: HTMLButtonElement; copy: HTMLButtonElement } {
  if (!buttonsTemplate || buttonsTemplate.ownerDocument !== document) {
    buttonsTemplate = document.createElement('div');
    buttonsTemplate.className = 'code-block__buttons';
    const wrap = button('code-block__button--wrap', 'Toggle word wrap', 'Toggle word wrap', WRAP_ICON);
    wrap.setAttribute('aria-pressed', 'false');
    // Hidden until measured, so a block that cannot overflow never shows it.
    wrap.hidden = true;
    buttonsTemplate.append(wrap, button('code-block__button--copy', 'Copy code to clipboard', 'Copy', COPY_ICON + COPIED_ICON));
  }
  const group = buttonsTemplate.cloneNode(true) as HTMLElement;
  const [wrap, copy] = Array.from(group.children) as HTMLButtonElement[];
  return { group, wrap, copy };
}

/** One enhanced code block: what the overflow check needs, and the undo. */
interface EnhancedBlock {
  pre: HTMLElement;
  /** Shows the wrap button when there is something to wrap: lines wider than the block, or wrapping already on. */
  showWrap: (overflows: boolean) => void;
  undo: () => void;
}

/**
 * Adds the buttons to one code block. It only writes to the DOM: reading a
 * block's width here, between the writes to the next block, would make the
 * browser lay out the whole page once per block, seconds on a long page.
 */
function enhanceCodeBlock(block: HTMLElement, remeasure: (pre: HTMLElement) => void): EnhancedBlock | null {
  const pre = block.querySelector<HTMLElement>(':scope > pre');
  const code = pre?.querySelector('code');
  if (!pre || !code) return null;

  // The buttons sit in the code area's top-right corner, below any title
  // bar, so the code area gets a positioned wrapper.
  const content = document.createElement('div');
  content.className = 'code-block__content';
  pre.replaceWith(content);
  content.appendChild(pre);

  const { group, wrap, copy } = buttonGroup();
  content.appendChild(group);

  const showWrap = (overflows: boolean) => {
    wrap.hidden = !block.classList.contains('code-block--wrap') && !overflows;
  };
  wrap.addEventListener('click', () => {
    const wrapped = block.classList.toggle('code-block--wrap');
    wrap.setAttribute('aria-pressed', String(wrapped));
    remeasure(pre);
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

  const undo = () => {
    clearTimeout(reset);
    group.remove();
    if (content.parentNode) content.replaceWith(pre);
    block.classList.remove('code-block--wrap');
  };
  return { pre, showWrap, undo };
}

/**
 * Keeps each block's wrap button in step with whether its code overflows.
 * A ResizeObserver reports each block when the browser has laid it out
 * anyway (at first, when a closed <details> around it opens, when the
 * window resizes), so measuring costs no extra layout; all widths are read
 * before any button changes. Without one, they are measured once and on
 * every window resize.
 */
function watchOverflow(blocks: EnhancedBlock[]): { remeasure: (pre: HTMLElement) => void; stop: () => void } {
  const byPre = new Map(blocks.map((b) => [b.pre, b]));
  const measure = (pres: HTMLElement[]) => {
    const overflows = pres.map((pre) => pre.scrollWidth > pre.clientWidth);
    pres.forEach((pre, i) => byPre.get(pre)?.showWrap(overflows[i]));
  };
  const remeasure = (pre: HTMLElement) => measure([pre]);
  if (typeof ResizeObserver === 'function') {
    const observer = new ResizeObserver((entries) => measure(entries.map((e) => e.target as HTMLElement)));
    for (const b of blocks) observer.observe(b.pre);
    return { remeasure, stop: () => observer.disconnect() };
  }
  const all = () => measure(blocks.map((b) => b.pre));
  all();
  window.addEventListener('resize', all);
  return { remeasure, stop: () => window.removeEventListener('resize', all) };
}

/** Adds copy and word-wrap buttons to every code block under root; returns the undo. */
export function enhanceCodeBlocks(root: HTMLElement): () => void {
  let remeasure: (pre: HTMLElement) => void = () => {};
  const blocks = Array.from(root.querySelectorAll<HTMLElement>('div.code-block'))
    .map((block) => enhanceCodeBlock(block, (pre) => remeasure(pre)))
    .filter((b): b is EnhancedBlock => b !== null);
  const overflow = watchOverflow(blocks);
  remeasure = overflow.remeasure;
  return () => {
    overflow.stop();
    blocks.forEach((b) => b.undo());
  };
}
