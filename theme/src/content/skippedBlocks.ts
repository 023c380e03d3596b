// Off-screen blocks of long pages are not rendered (content-visibility: auto,
// theme.css), yet tools that read the page's geometry, such as accessibility
// checkers, still lay their content out on demand: content taller than its
// block's placeholder then seems to lie over what follows (the footer's links
// "on" a code sample). theme.css clips every such block to its placeholder;
// a block that scrolls sideways (a table, a wide diagram) cannot be clipped
// for good, so this marks it while the browser skips it.

/** Marks a sideways-scrolling block of the content while the browser skips rendering it. */
export const SKIPPED_ATTRIBUTE = 'data-skipped';

/** The content's blocks that scroll sideways (theme.css leaves them unclipped). */
const SIDEWAYS = ':scope > :is(table, .mermaid-diagram)';

/** Whether the browser skips rendering the block's content (checkVisibility's contentVisibilityAuto option). */
function isSkipped(block: Element): boolean {
  const first = block.firstElementChild;
  return !!first && typeof first.checkVisibility === 'function' && !first.checkVisibility({ contentVisibilityAuto: true });
}

/**
 * Keeps SKIPPED_ATTRIBUTE on the content's sideways-scrolling blocks in step
 * with whether the browser renders them: read once (the first decisions were
 * made while the page loaded, before this ran), then from
 * contentvisibilityautostatechange, which also covers blocks added later
 * (diagrams). Returns the undo.
 */
export function markSkippedBlocks(root: HTMLElement): () => void {
  for (const block of root.querySelectorAll(SIDEWAYS)) block.toggleAttribute(SKIPPED_ATTRIBUTE, isSkipped(block));
  const onChange = (e: Event) => {
    const { target } = e;
    if (target instanceof Element && target.parentElement === root && target.matches(SIDEWAYS.replace(':scope > ', ''))) {
      target.toggleAttribute(SKIPPED_ATTRIBUTE, (e as Event & { skipped: boolean }).skipped);
    }
  };
  root.addEventListener('contentvisibilityautostatechange', onChange);
  return () => {
    root.removeEventListener('contentvisibilityautostatechange', onChange);
    for (const block of root.querySelectorAll(`[${SKIPPED_ATTRIBUTE}]`)) block.removeAttribute(SKIPPED_ATTRIBUTE);
  };
}
