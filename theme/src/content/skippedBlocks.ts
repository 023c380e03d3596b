// Off-screen blocks of long pages are not rendered (content-visibility: auto,
// theme.css), yet tools that read the page's geometry, such as accessibility
// checkers, still lay their content out on demand: content taller than its
// block's placeholder then seems to lie over what follows (the footer's links
// "on" a code sample). theme.css clips every such block to its placeholder
// while it is skipped; a table cannot be clipped for good, since it scrolls
// sideways, so this marks a table while the browser skips it.

/** Marks a table of the content while the browser skips rendering it. */
export const SKIPPED_ATTRIBUTE = 'data-skipped';

/** Whether the browser skips rendering the table's rows (checkVisibility's contentVisibilityAuto option). */
function isSkipped(table: HTMLTableElement): boolean {
  const row = table.rows[0];
  return !!row && typeof row.checkVisibility === 'function' && !row.checkVisibility({ contentVisibilityAuto: true });
}

/**
 * Keeps SKIPPED_ATTRIBUTE on the content's tables in step with whether the
 * browser renders them: read once (the first decisions were made while the
 * page loaded, before this ran), then from contentvisibilityautostatechange.
 * Returns the undo.
 */
export function markSkippedTables(root: HTMLElement): () => void {
  const tables = Array.from(root.querySelectorAll<HTMLTableElement>(':scope > table'));
  for (const table of tables) table.toggleAttribute(SKIPPED_ATTRIBUTE, isSkipped(table));
  const onChange = (e: Event) => {
    const { target } = e;
    if (target instanceof HTMLTableElement && target.parentElement === root) {
      target.toggleAttribute(SKIPPED_ATTRIBUTE, (e as Event & { skipped: boolean }).skipped);
    }
  };
  root.addEventListener('contentvisibilityautostatechange', onChange);
  return () => {
    root.removeEventListener('contentvisibilityautostatechange', onChange);
    for (const table of tables) table.removeAttribute(SKIPPED_ATTRIBUTE);
  };
}
