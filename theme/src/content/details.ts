// <details> in content open and close with the collapsible's height
// animation (reference 10.9, 3.7). Natively they snap; the enhancement moves
// the body into a wrapper it can animate. The element stays a real
// <details>, so the browser still opens it for find-in-page and #links.
import { animateCollapse } from '../docs/collapse';

function enhanceOne(details: HTMLDetailsElement): () => void {
  const summary = details.querySelector<HTMLElement>(':scope > summary');
  // Without a summary the browser supplies "Details" and its own toggle.
  if (!summary) return () => {};

  const body = document.createElement('div');
  body.className = 'details__content';
  for (const node of Array.from(details.childNodes)) {
    if (node !== summary) body.appendChild(node);
  }
  details.appendChild(body);
  const hadClass = details.hasAttribute('class');
  details.classList.add('details--animated');

  let cancel: (() => void) | null = null;
  // Where the animation goes; the open attribute follows at the end of a collapse.
  let collapsed = !details.open;

  const onClick = (e: MouseEvent) => {
    // Links and buttons inside the summary keep their own behaviour.
    const target = e.target as Element | null;
    if (target && target !== summary && target.closest('a, button, input, select, textarea')) return;
    e.preventDefault();
    cancel?.();
    collapsed = !collapsed;
    if (collapsed) {
      details.dataset.collapsed = 'true';
      cancel = animateCollapse(body, true, () => {
        details.open = false;
        cancel = null;
      });
    } else {
      details.dataset.collapsed = 'false';
      details.open = true;
      cancel = animateCollapse(body, false, () => {
        cancel = null;
      });
    }
  };
  // Opened or closed by the browser (find-in-page, a #link, script):
  // follow it without animation.
  const onToggle = () => {
    if (cancel) return;
    collapsed = !details.open;
    details.dataset.collapsed = String(collapsed);
  };
  details.dataset.collapsed = String(collapsed);
  summary.addEventListener('click', onClick);
  details.addEventListener('toggle', onToggle);

  return () => {
    cancel?.();
    summary.removeEventListener('click', onClick);
    details.removeEventListener('toggle', onToggle);
    body.removeAttribute('style');
    while (body.firstChild) details.insertBefore(body.firstChild, body);
    body.remove();
    details.classList.remove('details--animated');
    if (!hadClass) details.removeAttribute('class');
    delete details.dataset.collapsed;
  };
}

/** Animates every <details> under root; returns the undo. */
export function enhanceDetails(root: HTMLElement): () => void {
  const undo = Array.from(root.querySelectorAll('details')).map(enhanceOne);
  return () => undo.forEach((u) => u());
}
