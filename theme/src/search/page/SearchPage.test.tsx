import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageData } from '../../contract.gen';
import { fixturePage, fixtureSite, fixtureVersions } from '../../shell/test-utils';
import type { SearchHit } from '../engine';
import { fakeEngine, INDEX_URL, renderSearch, type FakeEngine } from '../ui/testUtils';
import { pluralForm } from './plural';
import { RESULTS_PER_LOAD, SearchPage } from './SearchPage';

const ui = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../ui/load', () => ({ loadSearchUI: ui.load }));

const page: PageData = fixturePage({ path: '/search', kind: 'search', title: 'Search the documentation', doc: undefined });

function renderPage(engine: FakeEngine, search = '', site = fixtureSite({ searchIndex: INDEX_URL, searchPage: '/search' })) {
  ui.load.mockResolvedValue({ createSearchEngine: () => engine, SearchModal: () => null });
  return renderSearch(<SearchPage page={page} />, { site, page, location: { pathname: '/search', search, hash: '' } });
}

function manyHits(n: number): SearchHit[] {
  return Array.from({ length: n }, (_, i) => ({ url: `/docs/p${i}/`, title: `Page ${i}`, score: n - i, sections: [] }));
}

beforeEach(() => {
  ui.load.mockReset();
});

describe('SearchPage', () => {
  it('asks for a query while the URL has none, with the input focused', async () => {
    renderPage(fakeEngine());
    expect(screen.getByRole('heading', { level: 1, name: 'Search the documentation' })).toBeInTheDocument();
    const input = screen.getByRole('searchbox', { name: 'Search' });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'Type your search here');
    expect(input).toHaveFocus();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(document.title).toBe('Search the documentation | Quillmoor Developer Portal');
  });

  it("runs the URL's ?q= and lists each page with its matching sections", async () => {
    const engine = fakeEngine();
    renderPage(engine, '?q=patient');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('patient');
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "patient"' })).toBeInTheDocument();
    expect(await screen.findByText('2 documents found')).toBeInTheDocument();
    const [first, second] = screen.getAllByRole('article');
    expect(within(first).getByRole('link', { name: 'Patient' })).toHaveAttribute('href', '/docs/api/fhir/patient/');
    expect(within(first).getByRole('link', { name: 'Search parameters' })).toHaveAttribute('href', '/docs/api/fhir/patient/#search-parameters');
    expect(first.querySelector('mark')?.textContent).toBe('Patient');
    expect(within(second).getByRole('link', { name: 'Patient-level export' })).toHaveAttribute('href', '/docs/bulk-data/#patient-export');
    expect(engine.results).toHaveBeenLastCalledWith('patient', { version: 'current', limit: RESULTS_PER_LOAD });
    expect(document.title).toBe('Search results for "patient" | Quillmoor Developer Portal');
  });

  it('keeps the URL in step with what is typed, replacing the history entry', async () => {
    const { navigate } = renderPage(fakeEngine());
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pa');
    expect(navigate).toHaveBeenLastCalledWith('/search?q=pa', { replace: true });
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(navigate).toHaveBeenLastCalledWith('/search', { replace: true });
  });

  it('says when nothing matches', async () => {
    renderPage(fakeEngine(), '?q=zzz');
    expect(await screen.findByText('No results were found')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('loads more results while there are more', async () => {
    const engine = fakeEngine(() => Promise.resolve(manyHits(RESULTS_PER_LOAD + 5)));
    renderPage(engine, '?q=page');
    expect(await screen.findByText(`${RESULTS_PER_LOAD + 5} documents found`)).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(RESULTS_PER_LOAD);
    await userEvent.click(screen.getByRole('button', { name: 'Load more results' }));
    expect(await screen.findByRole('link', { name: `Page ${RESULTS_PER_LOAD + 4}` })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(RESULTS_PER_LOAD + 5);
    expect(screen.queryByRole('button', { name: 'Load more results' })).not.toBeInTheDocument();
  });

  it('searches the version chosen when the docs have several', async () => {
    const versions = [...fixtureVersions, { ...fixtureVersions[0], name: '1.0', label: '1.0', isLast: false, path: '/docs/1.0/' }];
    const site = fixtureSite({ searchIndex: INDEX_URL, docs: { routeBasePath: 'docs', breadcrumbs: true, versions } });
    const engine = fakeEngine();
    renderPage(engine, '?q=patient', site);
    await screen.findByText('2 documents found');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Version' }), '1.0');
    expect(engine.results).toHaveBeenLastCalledWith('patient', { version: '1.0', limit: RESULTS_PER_LOAD });
  });

  it('shows the error with Retry when the search chunk cannot be loaded, and loads it again', async () => {
    ui.load.mockRejectedValueOnce(new Error('offline'));
    const engine = fakeEngine();
    ui.load.mockResolvedValue({ createSearchEngine: () => engine, SearchModal: () => null });
    renderSearch(<SearchPage page={page} />, {
      site: fixtureSite({ searchIndex: INDEX_URL }),
      page,
      location: { pathname: '/search', search: '?q=patient', hash: '' },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The search index could not be loaded.');
    await act(() => userEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('2 documents found')).toBeInTheDocument();
  });
});

describe('pluralForm', () => {
  it('picks the form of the count in the locale, as Docusaurus does', () => {
    const message = 'One document found|{count} documents found';
    expect(pluralForm('en', 1, message)).toBe('One document found');
    expect(pluralForm('en', 7, message)).toBe('7 documents found');
    expect(pluralForm('ja', 3, '{count} 件')).toBe('3 件');
  });
});


