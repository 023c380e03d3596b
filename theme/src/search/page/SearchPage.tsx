// The search page (themeConfig.search.pagePath), in the layout and with the
// texts of Docusaurus's search page: the query is the URL's ?q=, kept in step
// as the reader types, so a search can be bookmarked, shared and reloaded.
// The server renders the empty page (it knows no query); the browser then
// reads ?q=, loads the search chunk and shows the results.
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { PageData } from '../../contract.gen';
import { Link } from '../../app/Link';
import { useRouter } from '../../app/router';
import { useSite } from '../../app/SiteContext';
import { currentLocale, useTranslate } from '../../app/translate';
import { pageTitle } from '../../head';
import type { SearchEngine } from '../engine';
import { loadSearchUI } from '../ui/load';
import { sectionUrl } from '../ui/results';
import { useSearchResults, type SearchState } from '../ui/useSearchResults';
import { pluralForm } from './plural';

/** How many result pages the page shows at first, and how many more each "Load more" adds. */
export const RESULTS_PER_LOAD = 20;

type Engine = Pick<SearchEngine, 'results' | 'bytesLoaded'>;

/** Until the search chunk is in, a query waits, as for the index's first files. */
const waitingEngine: Engine = { results: () => new Promise(() => {}), bytesLoaded: () => 0 };

/** The query of a location's search part; the server render has none (and no URLSearchParams). */
export function queryOf(search: string): string {
  return search ? (new URLSearchParams(search).get('q') ?? '') : '';
}

export function SearchPage({ page }: { page: PageData }) {
  const site = useSite();
  const t = useTranslate();
  const { location, navigate } = useRouter();
  const urlQuery = queryOf(location.search);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(RESULTS_PER_LOAD);
  const versions = site.docs.versions ?? [];
  const [version, setVersion] = useState(() => versions.find((v) => v.isLast)?.name);
  const { engine, failed, reload } = useSearchEngine(site.searchIndex);
  const { state, shown, retry } = useSearchResults(engine ?? waitingEngine, query, { version, limit });
  const input = useRef<HTMLInputElement>(null);
  const versionLabel = useId();

  // The URL is the query's source: on the first render after hydration, and on Back and Forward.
  useEffect(() => {
    setQuery(urlQuery);
    setLimit(RESULTS_PER_LOAD);
  }, [urlQuery]);

  useEffect(() => {
    input.current?.focus();
  }, []);

  const title = query
    ? t('theme.SearchPage.existingResultsTitle', 'Search results for "{query}"').replace('{query}', query)
    : page.title;
  useEffect(() => {
    document.title = pageTitle(site, { ...page, title });
  }, [site, page, title]);

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setQuery(next);
    setLimit(RESULTS_PER_LOAD);
    const params = new URLSearchParams(location.search);
    if (next) params.set('q', next);
    else params.delete('q');
    const search = params.toString();
    navigate(location.pathname + (search ? `?${search}` : '') + location.hash, { replace: true });
  };

  return (
    <main className="container margin-vert--lg search-page">
      <h1>{title}</h1>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          ref={input}
          type="search"
          name="q"
          className="search-page__input"
          placeholder={t('theme.SearchPage.inputPlaceholder', 'Type your search here')}
          aria-label={t('theme.SearchPage.inputLabel', 'Search')}
          autoComplete="off"
          value={query}
          onChange={onChange}
        />
        {versions.length > 1 && (
          <div className="search-page__versions">
            <label id={versionLabel}>{t('theme.SearchPage.versionLabel', 'Version')}</label>
            <select aria-labelledby={versionLabel} value={version} onChange={(e) => setVersion(e.target.value)}>
              {versions.map((v) => (
                <option key={v.name} value={v.name}>
                  {v.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
      <SearchResultsView
        state={failed && query.trim() ? { status: 'error', query, error: failed } : state}
        shown={shown}
        locale={currentLocale(site)}
        retry={failed ? reload : retry}
        onMore={() => setLimit((n) => n + RESULTS_PER_LOAD)}
      />
    </main>
  );
}

/**
 * The engine, once the search chunk is in (null before); the chunk starts
 * loading when the page mounts. A failed download is an error with a reload.
 */
function useSearchEngine(indexURL: string) {
  const [engine, setEngine] = useState<Engine | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadSearchUI().then(
      (ui) => live && setEngine(ui.createSearchEngine(indexURL)),
      (err: unknown) => live && setFailed(err instanceof Error ? err : new Error(String(err))),
    );
    return () => {
      live = false;
    };
  }, [indexURL, attempt]);
  const reload = () => {
    setFailed(null);
    setAttempt((n) => n + 1);
  };
  return { engine, failed, reload };
}

interface ResultsViewProps {
  state: SearchState;
  shown: ReturnType<typeof useSearchResults>['shown'];
  locale: string;
  retry: () => void;
  onMore: () => void;
}

function SearchResultsView({ state, shown, locale, retry, onMore }: ResultsViewProps) {
  const t = useTranslate();
  if (state.status === 'error') {
    return (
      <div className="alert alert--danger search-page__error" role="alert">
        <p>The search index could not be loaded.</p>
        <button type="button" className="button button--secondary button--sm" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  const fetching = state.status === 'pending' && state.slow;
  return (
    <>
      <p className="search-page__count" role="status">
        {fetching
          ? t('theme.SearchPage.fetchingNewResults', 'Fetching new results...')
          : shown && shown.total > 0
            ? pluralForm(locale, shown.total, t('theme.SearchPage.documentsFound.plurals', 'One document found|{count} documents found'))
            : shown && state.status === 'done'
              ? t('theme.SearchPage.noResultsText', 'No results were found')
              : ''}
      </p>
      {shown && shown.hits.length > 0 && (
        <div className="search-page__results">
          {shown.hits.map((hit) => (
            <article key={hit.url} className="search-page__result">
              <h2 className="search-page__result-title">
                <Link to={hit.url}>
                  {hit.title}
                </Link>
              </h2>
              {hit.sections.map((section) => (
                <div key={section.anchor} className="search-page__section">
                  {section.anchor && (
                    <Link className="search-page__section-link" to={sectionUrl(hit.url, section.anchor)}>
                      {section.heading}
                    </Link>
                  )}
                  {section.excerptHTML && <p className="search-page__excerpt" dangerouslySetInnerHTML={{ __html: section.excerptHTML }} />}
                </div>
              ))}
            </article>
          ))}
          {shown.hits.length < shown.total && (
            <button type="button" className="button button--secondary search-page__more" onClick={onMore} disabled={state.status === 'pending'}>
              {t('theme.SearchPage.loadMore', 'Load more results')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
