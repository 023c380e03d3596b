// The engine's hits as the modal shows them: one group per page (its title),
// one option per matching section, each a deep link to its heading. A
// section with anchor "" is the page itself.
import type { SearchHit } from '../engine';

export interface ResultOption {
  /** Index in the flat list the arrow keys move through. */
  index: number;
  /** Site URL of the target: the page, plus "#anchor" for a section. */
  url: string;
  heading: string;
  /** The engine's excerpt: escaped text with the matches in <mark>. */
  excerptHTML: string;
  /** The option opens the page itself, not one of its sections. */
  isPage: boolean;
}

export interface ResultGroup {
  title: string;
  url: string;
  options: ResultOption[];
}

/** The URL a section links to. */
export function sectionUrl(pageUrl: string, anchor: string): string {
  return anchor ? `${pageUrl}#${anchor}` : pageUrl;
}

/** Groups hits by page, numbering the options in display order. A hit without sections links to its page. */
export function groupHits(hits: readonly SearchHit[]): ResultGroup[] {
  let index = 0;
  return hits.map((hit) => {
    const sections = hit.sections.length > 0 ? hit.sections : [{ anchor: '', heading: hit.title, excerptHTML: '' }];
    return {
      title: hit.title,
      url: hit.url,
      options: sections.map((s) => ({
        index: index++,
        url: sectionUrl(hit.url, s.anchor),
        heading: s.heading || hit.title,
        excerptHTML: s.excerptHTML,
        isPage: s.anchor === '',
      })),
    };
  });
}
