// Links inside the engine's HTML: a plain left click on a link to another
// page of the site navigates on the client, and hovering, focusing or
// touching prefetches it at once, like the shell's own links. Hash-only links, other origins, new tabs and
// downloads keep the browser's behaviour.

export interface LinkHandlers {
  navigate: (url: string) => void;
  prefetch: (url: string) => void;
}

function siteLink(target: EventTarget | null, root: HTMLElement): HTMLAnchorElement | null {
  const a = target instanceof Element ? target.closest('a[href]') : null;
  if (!(a instanceof HTMLAnchorElement) || !root.contains(a)) return null;
  const href = a.getAttribute('href') ?? '';
  if (href.startsWith('#') || a.hasAttribute('download')) return null;
  if (a.target && a.target !== '_self') return null;
  if (a.origin !== window.location.origin) return null;
  return a;
}

export function enhanceLinks(root: HTMLElement, handlers: LinkHandlers): () => void {
  const onClick = (e: MouseEvent) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = siteLink(e.target, root);
    if (!a) return;
    e.preventDefault();
    handlers.navigate(a.pathname + a.search + a.hash);
  };
  const onIntent = (e: Event) => {
    const a = siteLink(e.target, root);
    if (a) handlers.prefetch(a.pathname + a.search);
  };
  const intents = ['mouseover', 'focusin', 'touchstart'] as const;
  root.addEventListener('click', onClick);
  for (const type of intents) root.addEventListener(type, onIntent, { passive: true });
  return () => {
    root.removeEventListener('click', onClick);
    for (const type of intents) root.removeEventListener(type, onIntent);
  };
}

/**
 * Code blocks and wide tables scroll horizontally; keyboard users must be
 * able to focus them to scroll (WCAG 2.1.1, axe scrollable-region-focusable).
 */
export function makeScrollablesFocusable(root: HTMLElement): () => void {
  const added: Element[] = [];
  for (const el of root.querySelectorAll('pre, table')) {
    if (!el.hasAttribute('tabindex')) {
      el.setAttribute('tabindex', '0');
      added.push(el);
    }
  }
  return () => added.forEach((el) => el.removeAttribute('tabindex'));
}
