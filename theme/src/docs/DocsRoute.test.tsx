import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../contract.gen';
import { renderWithSite } from '../shell/test-utils';
import { DocsRoute } from './DocsRoute';
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
