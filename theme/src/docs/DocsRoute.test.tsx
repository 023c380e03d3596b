import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../contract.gen';
import { renderWithSite } from '../shell/test-utils';
import { renderToString } from 'react-dom/server';
import { SiteProvider } from '../app/SiteContext';
import { StaticRouter } from '../app/router';
import { ColorModeProvider } from '../shell/colorMode';
import { ShellProviders } from '../shell/Layout';
import { fixtureSite } from '../shell/test-utils';
import { DOC_MAIN_PLACEHOLDER, DocsRoute, EngineWritesDocMain } from './DocsRoute';
import { docPage, fixtureSidebar } from './testFixtures';

const indexPage: PageData = {
  ...docPage({ path: '/docs/category/apis/', kind: 'generated-index', title: 'APIs', html: '', toc: [] }),
  doc: { id: '', version: 'current', sidebar: 'docs' },
  generatedIndex: { cards: [{ type: 'link', label: 'CCD API', href: '/docs/api/ccd/' }] },
};

describe('DocsRoute', () => {
  it('keeps the sidebar state when moving between a doc and a generated index', () => {
    function Route() {
      const [page, setPage] = useState<PageData>(docPage({ path: '/docs/introduction/' }));
      return (
        <>
          <button onClick={() => setPage(indexPage)}>to index</button>
          <DocsRoute page={page} sidebar={fixtureSidebar()} />
        </>
      );
    }
    renderWithSite(<Route />, { page: docPage(), location: { pathname: '/docs/introduction/' } });
    const nav = screen.getByRole('navigation', { name: 'Docs sidebar' });
    fireEvent.click(within(nav).getByRole('button', { name: 'APIs' }));
    fireEvent.click(screen.getByRole('button', { name: 'to index' }));
    expect(screen.getByRole('heading', { level: 1, name: 'APIs' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Docs sidebar' })).getByRole('button', { name: 'APIs' })).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('DocsRoute in a prerender whose engine writes the doc main area', () => {
  function prerender(page: PageData, engineWrites: boolean): string {
    return renderToString(
      <SiteProvider site={fixtureSite()}>
        <StaticRouter location={{ pathname: page.path, search: '', hash: '' }} page={page} sidebar={fixtureSidebar()}>
          <ColorModeProvider>
            <ShellProviders>
              <EngineWritesDocMain.Provider value={engineWrites}>
                <DocsRoute page={page} sidebar={fixtureSidebar()} />
              </EngineWritesDocMain.Provider>
            </ShellProviders>
          </ColorModeProvider>
        </StaticRouter>
      </SiteProvider>,
    );
  }

  it('writes only the placeholder the engine replaces (docmain.Placeholder) for a doc', () => {
    expect(prerender(docPage({ path: '/docs/introduction/' }), true)).toBe(`<div>${DOC_MAIN_PLACEHOLDER}</div>`);
  });

  it('writes a generated index itself, and a doc when the engine does not ask', () => {
    expect(prerender(indexPage, true)).toContain('<h1 class="generated-index-page__title">APIs</h1>');
    const doc = prerender(docPage({ path: '/docs/introduction/' }), false);
    expect(doc).toContain('docs-wrapper');
    expect(doc).not.toContain(DOC_MAIN_PLACEHOLDER);
  });
});
