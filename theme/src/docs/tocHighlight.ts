// Which heading the table of contents highlights (reference 5.6). The choice
// is a pure function of the headings' boxes, so it is tested without layout.
import type { TOCItem } from '../contract.gen';

/** A heading's id and where its box is, relative to the viewport. */
export interface AnchorBox {
  id: string;
  top: number;
  bottom: number;
}

/**
 * The active heading: the first one at or below `offset` (the navbar's
 * height, or 0 when the navbar hides on scroll) if it sits in the top half of
 * the viewport, else the one before it (none when it is the first); when no
 * heading is below the offset, the last one.
 */
export function activeAnchor(anchors: AnchorBox[], offset: number, viewportHeight: number): string | null {
  const next = anchors.findIndex((a) => a.top >= offset);
  if (next === -1) return anchors.length > 0 ? anchors[anchors.length - 1].id : null;
  const box = anchors[next];
  if (box.top > 0 && box.bottom < viewportHeight / 2) return box.id;
  return next > 0 ? anchors[next - 1].id : null;
}

/** The lowest and highest heading level in a TOC tree (the engine already applied the configured range). */
export function tocLevels(items: TOCItem[]): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  const walk = (list: TOCItem[]) => {
    for (const item of list) {
      min = Math.min(min, item.level);
      max = Math.max(max, item.level);
      if (item.children) walk(item.children);
    }
  };
  walk(items);
  return min === Infinity ? null : [min, max];
}

/** The selector for anchored headings of the levels the TOC shows: "h2.anchor,h3.anchor". */
export function anchorSelector(min: number, max: number): string {
  const selectors: string[] = [];
  for (let level = min; level <= max; level++) selectors.push(`h${level}.anchor`);
  return selectors.join(',');
}

/** A heading's box; a zero-height element (an empty anchor) uses its parent's. */
export function visibleBox(el: Element): DOMRect {
  const rect = el.getBoundingClientRect();
  if (rect.top === rect.bottom && el.parentElement) return visibleBox(el.parentElement);
  return rect;
}

/** Reads the headings' boxes from the document. */
export function measureAnchors(selector: string): AnchorBox[] {
  return Array.from(document.querySelectorAll(selector)).map((el) => {
    const { top, bottom } = visibleBox(el);
    return { id: el.id, top, bottom };
  });
}
