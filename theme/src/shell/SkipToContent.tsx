// Skip to main content (reference 2.6): the first focusable element of every
// page. It moves focus to the page's <main> (or the main wrapper), and after
// each client-side navigation without a hash focus returns to it, so the
// next Tab offers it again, as after a full page load.
import { useEffect, useRef, type MouseEvent } from 'react';
import { useRouter } from '../app/router';

/** The id of the main wrapper, the skip link's fallback target. */
export const MAIN_CONTENT_ID = '__portal_skipToContent_fallback';

/**
 * Focuses an element that may not be focusable, without leaving a tabindex
 * behind. The tabindex stays until the element loses focus: browsers now
 * drop focus at once from an element that stops being focusable.
 */
export function programmaticFocus(el: HTMLElement | null): void {
  if (!el) return;
  if (el.hasAttribute('tabindex')) {
    el.focus();
    return;
  }
  el.setAttribute('tabindex', '-1');
  el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  el.focus();
}

export function SkipToContent() {
  const regionRef = useRef<HTMLDivElement>(null);
  const { location, action } = useRouter();

  // Only a new history entry moves focus: Back and Forward restore the
  // reader's place, and a replaced entry (a query string kept in step with
  // a tab or a search box) keeps focus where the reader is typing.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (action === 'push' && !location.hash) programmaticFocus(regionRef.current);
  }, [location, action]);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    programmaticFocus(document.querySelector<HTMLElement>('main') ?? document.getElementById(MAIN_CONTENT_ID));
  };

  return (
    <div ref={regionRef} role="region" aria-label="Skip to main content" className="skip-to-content-region">
      <a className="skip-to-content" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
        Skip to main content
      </a>
    </div>
  );
}
