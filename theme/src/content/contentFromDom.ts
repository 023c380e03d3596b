// A prerendered page ships its content once (issue 16): the engine leaves the
// content HTML out of the document's initial data, because the document
// already holds it, and the client reads it back from the DOM before it
// hydrates. The first client render then passes Content the very markup the
// DOM has, so hydration keeps the server's nodes untouched.
import type { PageData } from '../contract.gen';

/** Marks the element Content renders the page's HTML into. */
export const CONTENT_ATTRIBUTE = 'data-portal-content';

/**
 * The page with its content HTML: as it came when the data carries it,
 * otherwise the markup of the prerendered content element under root (a
 * page whose content is empty renders no such element, and keeps "").
 * Call it before hydrating: effects add buttons and wrappers to the content.
 */
export function withContentFromDom(page: PageData, root: ParentNode): PageData {
  if (page.html) return page;
  const content = root.querySelector(`[${CONTENT_ATTRIBUTE}]`);
  return content ? { ...page, html: content.innerHTML } : page;
}
