import { describe, expect, it } from 'vitest';
import { headTags } from './head';
import { introPage, site } from './app/testFixtures';

describe('headTags', () => {
  it("lets a page's own meta tag take the place of the theme's of the same name or property, as the innermost does in Docusaurus", () => {
    const page = {
      ...introPage,
      description: 'The theme writes this description.',
      head: {
        title: 'Own title',
        tags: [
          { name: 'meta', attrs: [{ name: 'property', value: 'og:title' }, { name: 'content', value: 'Own' }] },
          { name: 'meta', attrs: [{ name: 'name', value: 'Twitter:Card' }, { name: 'content', value: 'summary' }] },
        ],
      },
    };
    const html = headTags(site, page);
    expect(html).toContain('<title>Own title</title>');
    expect(html.match(/property="og:title"/g)).toEqual(['property="og:title"']);
    expect(html).toContain('<meta property="og:title" content="Own">');
    expect(html.match(/twitter:card/gi)).toEqual(['Twitter:Card']);
    // Tags the page does not name stay the theme's.
    expect(html).toContain('<meta name="description" content="The theme writes this description.">');
    expect(html).toContain('<meta property="og:description" content="The theme writes this description.">');
  });
});
