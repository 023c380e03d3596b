// The search modal (lazy chunk; see load.ts). A dialog over the page with a
// combobox input and a listbox of results grouped by page (the ARIA 1.2
// combobox pattern: focus stays in the input, aria-activedescendant names
// the highlighted option). While it is open the rest of the page is inert
// and does not scroll, and Tab stays inside. Escape, Cancel and a click on
// the backdrop close it; choosing a result navigates like a Link does. Each
// result is a real link (the option is an <a href>), so it opens in a new tab
// with a middle or modified click and its address can be copied.
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Link, resolveLink } from '../../app/Link';
import { useRouter } from '../../app/router';
import { useSite } from '../../app/SiteContext';
import { useTranslate } from '../../app/translate';
import { cx } from '../../shell/cx';
import { sidebarsKey } from '../../shell/docsInstances';
import { CloseIcon } from '../../shell/icons';
import type { SearchEngine } from '../engine';
import { useRecentSearches } from './recentSearches';
import { groupHits, type ResultGroup } from './results';
import { SearchIcon } from './SearchIcon';
import { useSearchResults, type SearchState } from './useSearchResults';

export interface SearchModalProps {
  engine: Pick<SearchEngine, 'results' | 'bytesLoaded'>;
  /** Closes the modal; with restoreFocus, focus goes back to the element that opened it. */
  onClose: (restoreFocus: boolean) => void;
}

/** The class on <body> while the modal is open: the page behind does not scroll. */
export const SEARCH_OPEN_CLASS = 'search-open';

// Results are links outside the Tab order (focus stays in the input).
const FOCUSABLE = 'a[href]:not([tabindex="-1"]), button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The search page's link for a query (Docusaurus's "See all results"). */
function SeeAllLink({ searchPage, query, total, onFollow }: { searchPage: string; query: string; total: number; onFollow: () => void }) {
  const t = useTranslate();
  return (
    <Link className="search-modal__all" to={`${searchPage}?q=${encodeURIComponent(query)}`} onClick={onFollow}>
      {t('theme.SearchBar.seeAll', 'See all {count} results').replace('{count}', String(total))}
    </Link>
  );
}

/** The modal, rendered at the end of <body> so it can make everything else inert. */
export function SearchModal(props: SearchModalProps) {
  return createPortal(<SearchDialog {...props} />, document.body);
}

/**
 * While mounted: every other child of <body> is inert (restored on unmount,
 * leaving alone what was inert before) and the page does not scroll, its
 * scrollbar's width kept as padding so nothing moves. A layout effect, so
 * that on close the page is interactive again before focus returns to it.
 */
function useModalIsolation(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const own = ref.current;
    const body = document.body;
    const madeInert: Element[] = [];
    for (const child of Array.from(body.children)) {
      if (child === own || child.hasAttribute('inert') || child.tagName === 'SCRIPT') continue;
      child.setAttribute('inert', '');
      madeInert.push(child);
    }
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    if (scrollbar > 0) body.style.setProperty('--search-scrollbar-width', `${scrollbar}px`);
    body.classList.add(SEARCH_OPEN_CLASS);
    return () => {
      for (const child of madeInert) child.removeAttribute('inert');
      body.classList.remove(SEARCH_OPEN_CLASS);
      body.style.removeProperty('--search-scrollbar-width');
    };
  }, [ref]);
}

function SearchDialog({ engine, onClose }: SearchModalProps) {
  const site = useSite();
  const router = useRouter();
  const { navigate, prefetch, location } = router;
  // The current doc's version (as the index names it: "<pluginId>/<name>"
  // in a docs instance other than the default); outside the docs, the
  // version served at the docs root (the index alone cannot tell which one
  // that is).
  const doc = router.state.status === 'loaded' ? router.state.page.doc : undefined;
  const version = (doc ? sidebarsKey(doc) : undefined) ?? site.docs.versions?.find((v) => v.isLast)?.name;
  const id = useId();
  const listboxId = `${id}-listbox`;
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const [query, setQuery] = useState('');
  const { state, shown, retry } = useSearchResults(engine, query, { version });
  const { recent, add: addRecent, remove: removeRecent } = useRecentSearches();
  const groups = useMemo(() => (shown ? groupHits(shown.hits) : []), [shown]);
  const options = useMemo(() => groups.flatMap((g) => g.options), [groups]);

  const showingRecent = !query.trim();
  const count = showingRecent ? recent.length : options.length;
  // The highlighted option belongs to one list: a new list starts at its first option.
  const list: unknown = showingRecent ? recent : shown;
  const [cursor, setCursor] = useState<{ list: unknown; index: number }>({ list, index: 0 });
  const active = count === 0 ? -1 : Math.min(cursor.list === list ? cursor.index : 0, count - 1);
  const optionId = (index: number) => `${id}-${showingRecent ? 'recent' : 'option'}-${index}`;
  const activeId = active >= 0 ? optionId(active) : undefined;
  const expanded = count > 0;
  const movedByKeyboard = useRef(false);

  useModalIsolation(overlayRef);

  // Before the browser paints the dialog: a reader who types right after
  // pressing "/" must not lose the first keys to the page behind it.
  useLayoutEffect(() => {
    inputRef.current?.focus();
  }, []);

  // A navigation behind the modal (Back, Forward) closes it.
  const openedAt = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname !== openedAt.current) onClose(false);
  }, [location.pathname, onClose]);

  // Keep the option moved to with the keyboard in view.
  useEffect(() => {
    if (!movedByKeyboard.current || !activeId) return;
    movedByKeyboard.current = false;
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const targetOf = useCallback((index: number) => resolveLink(options[index]?.url, site.baseUrl).url, [options, site.baseUrl]);

  const highlight = (index: number, byKeyboard: boolean) => {
    movedByKeyboard.current = byKeyboard;
    setCursor({ list, index });
    if (!showingRecent && options[index]) prefetch(targetOf(index));
  };

  const choose = (index: number, newTab: boolean) => {
    if (showingRecent) {
      const q = recent[index];
      if (q !== undefined) setQuery(q);
      inputRef.current?.focus();
      return;
    }
    if (!options[index] || !shown) return;
    const target = targetOf(index);
    addRecent(shown.query);
    if (newTab) {
      window.open(target, '_blank', 'noopener');
      return;
    }
    onClose(false);
    navigate(target);
  };

  const removeRecentAt = (index: number) => {
    const q = recent[index];
    if (q === undefined) return;
    const next = removeRecent(q);
    // The highlight stays on the same query, or moves to the one after the removed one.
    setCursor({ list: next, index: index < active ? active - 1 : Math.min(active, next.length - 1) });
    inputRef.current?.focus();
  };

  const onInputKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        if (count === 0) return;
        e.preventDefault();
        highlight((active + (e.key === 'ArrowDown' ? 1 : count - 1)) % count, true);
        break;
      case 'Enter':
        if (active < 0) return;
        e.preventDefault();
        choose(active, e.metaKey || e.ctrlKey);
        break;
      case 'Delete':
        if (!showingRecent || active < 0) return;
        e.preventDefault();
        removeRecentAt(active);
        break;
    }
  };

  const onDialogKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      e.stopPropagation();
      onClose(true);
      return;
    }
    if (e.key !== 'Tab' || !panelRef.current) return;
    const all = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (all.length === 0) return;
    const first = all[0];
    const last = all[all.length - 1];
    if (e.shiftKey && (document.activeElement === first || !panelRef.current.contains(document.activeElement))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  // A press on the backdrop closes; preventing its default keeps the
  // browser from moving focus after the modal has returned it.
  const onOverlayMouseDown = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    e.preventDefault();
    onClose(true);
  };

  const pending = state.status === 'pending' && state.slow;

  return (
    <div ref={overlayRef} className="search-modal" onMouseDown={onOverlayMouseDown}>
      <div
        ref={panelRef}
        className="search-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-label="Search"
        data-state={state.status}
        onKeyDown={onDialogKeyDown}
      >
        <div className="search-modal__bar">
          <div className="search-modal__field">
            <span className={cx('search-modal__icon', pending && 'search-modal__icon--pending')}>
              <SearchIcon />
            </span>
            <input
              ref={inputRef}
              className="search-modal__input"
              type="search"
              role="combobox"
              aria-label="Search docs"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={expanded ? listboxId : undefined}
              aria-activedescendant={activeId}
              placeholder="Search docs"
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="off"
              spellCheck={false}
              enterKeyHint="go"
              maxLength={128}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onInputKeyDown}
            />
            {query && (
              <button
                type="button"
                className="clean-btn search-modal__clear"
                aria-label="Clear the query"
                onClick={() => {
                  setQuery('');
                  inputRef.current?.focus();
                }}
              >
                <CloseIcon size={14} strokeWidth={1.6} />
              </button>
            )}
          </div>
          <button type="button" className="clean-btn search-modal__cancel" onClick={() => onClose(true)}>
            Cancel
          </button>
        </div>
        <div className="search-modal__body">
          <Status state={state} count={count} showingRecent={showingRecent} />
          {state.status === 'error' && (
            <div className="search-modal__error" role="alert">
              <p>The search index could not be loaded.</p>
              <button type="button" className="search-modal__retry" onClick={retry}>
                Retry
              </button>
            </div>
          )}
          {showingRecent && recent.length > 0 && (
            <div role="listbox" id={listboxId} aria-label="Recent searches" className="search-results">
              <div role="group" aria-labelledby={`${id}-recent-title`} className="search-results__group">
                <div id={`${id}-recent-title`} className="search-results__title">
                  Recent searches
                </div>
                {recent.map((q, i) => (
                  <div key={q} className={cx('search-recent', i === active && 'search-recent--active')}>
                    <div
                      role="option"
                      id={optionId(i)}
                      aria-selected={i === active}
                      aria-describedby={`${id}-remove-hint`}
                      className={cx('search-result', 'search-result--recent', i === active && 'search-result--active')}
                      onMouseMove={() => i !== active && highlight(i, false)}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => choose(i, false)}
                    >
                      <span className="search-result__heading">{q}</span>
                    </div>
                    {/* Pointer users' remove control; keyboard users press Delete (see the footer). */}
                    <button
                      type="button"
                      tabIndex={-1}
                      aria-hidden="true"
                      className="clean-btn search-recent__remove"
                      title={`Remove “${q}” from recent searches`}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => removeRecentAt(i)}
                    >
                      <CloseIcon size={12} strokeWidth={1.6} />
                    </button>
                  </div>
                ))}
              </div>
            </div>
          )}
          {!showingRecent && groups.length > 0 && (
            <div role="listbox" id={listboxId} aria-label="Search results" className="search-results">
              {groups.map((group, gi) => (
                <Group
                  key={group.url}
                  group={group}
                  labelId={`${id}-group-${gi}`}
                  active={active}
                  optionId={optionId}
                  hrefOf={targetOf}
                  onHover={(i) => i !== active && highlight(i, false)}
                  onChoose={choose}
                  onOpenElsewhere={() => shown && addRecent(shown.query)}
                />
              ))}
            </div>
          )}
          {!showingRecent && shown && groups.length > 0 && site.searchPage && (
            <SeeAllLink
              searchPage={site.searchPage}
              query={shown.query}
              total={shown.total}
              onFollow={() => {
                addRecent(shown.query);
                onClose(false);
              }}
            />
          )}
        </div>
        <div className="search-modal__footer">
          <ul className="search-modal__keys">
            <li>
              <kbd>↵</kbd> to select
            </li>
            <li>
              <kbd>↑</kbd>
              <kbd>↓</kbd> to navigate
            </li>
            <li>
              <kbd>esc</kbd> to close
            </li>
            <li id={`${id}-remove-hint`} hidden={!(showingRecent && recent.length > 0)}>
              <kbd>del</kbd> to remove
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}

/** A click the browser handles itself: not the main button, or with a modifier (new tab, new window, download). */
function opensElsewhere(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

function Group({
  group,
  labelId,
  active,
  optionId,
  hrefOf,
  onHover,
  onChoose,
  onOpenElsewhere,
}: {
  group: ResultGroup;
  labelId: string;
  active: number;
  optionId: (index: number) => string;
  hrefOf: (index: number) => string;
  onHover: (index: number) => void;
  onChoose: (index: number, newTab: boolean) => void;
  /** A result opened by the browser itself (new tab, new window): the query is remembered. */
  onOpenElsewhere: () => void;
}) {
  return (
    <div role="group" aria-labelledby={labelId} className="search-results__group">
      <div id={labelId} className="search-results__title">
        {group.title}
      </div>
      {group.options.map((o) => (
        // A link in the role of an option (allowed on <a href>): the browser
        // opens it in a new tab on a middle or modified click, and offers to
        // copy its address; a plain click navigates on the client.
        <a
          key={o.url}
          href={hrefOf(o.index)}
          role="option"
          tabIndex={-1}
          id={optionId(o.index)}
          aria-selected={o.index === active}
          className={cx('search-result', o.isPage && 'search-result--page', o.index === active && 'search-result--active')}
          onMouseMove={() => onHover(o.index)}
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => {
            if (opensElsewhere(e)) {
              onOpenElsewhere();
              return;
            }
            e.preventDefault();
            onChoose(o.index, false);
          }}
          onAuxClick={(e) => {
            if (e.button === 1) onOpenElsewhere();
          }}
        >
          {o.isPage ? <PageIcon /> : <SectionIcon />}
          <span className="search-result__text">
            <span className="search-result__heading">{o.heading}</span>
            {/* The engine's excerpt is escaped text with <mark> around the matches. */}
            {o.excerptHTML && <span className="search-result__excerpt" dangerouslySetInnerHTML={{ __html: o.excerptHTML }} />}
          </span>
        </a>
      ))}
    </div>
  );
}

function PageIcon() {
  return (
    <svg className="search-result__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M5 2.5h6.5L15 6v11.5H5z M11.5 2.5V6H15 M7.5 9.5h5 M7.5 12.5h5" stroke="currentColor" fill="none" strokeLinejoin="round" strokeWidth="1.4" />
    </svg>
  );
}

function SectionIcon() {
  return (
    <svg className="search-result__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M8 3.5L6.5 16.5 M13.5 3.5L12 16.5 M4 7.5h12 M3.5 12.5h12" stroke="currentColor" fill="none" strokeLinecap="round" strokeWidth="1.4" />
    </svg>
  );
}

/** The live region: loading past 200 ms, no results, or (for screen readers) how many results show. */
function Status({ state, count, showingRecent }: { state: SearchState; count: number; showingRecent: boolean }) {
  let text = '';
  let visible = true;
  if (showingRecent) {
    text = count === 0 ? 'No recent searches' : '';
  } else if (state.status === 'pending' && state.slow) {
    text = state.firstSearch ? 'Loading the search index…' : 'Searching…';
    visible = !state.shown;
  } else if (state.status === 'done') {
    if (count === 0) text = `No results for “${state.shown.query.trim()}”`;
    else {
      text = `${count} ${count === 1 ? 'result' : 'results'}`;
      visible = false;
    }
  }
  return (
    <div role="status" className={cx('search-modal__status', !visible && 'search-sr-only')}>
      {text}
    </div>
  );
}
