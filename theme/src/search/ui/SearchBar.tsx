// The navbar's search button (main bundle; keep it small). It opens the
// search modal on click, Ctrl+K / Cmd+K and "/" (shortcuts.ts); the modal
// and the engine are a lazy chunk (load.ts) fetched on the first open, or as
// soon as the pointer enters or focus reaches the button. Closing returns
// focus to the element that had it when search opened (else the button). A
// site without a search index ("" in the site data) gets no button.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSite } from '../../app/SiteContext';
import type { SearchEngine } from '../engine';
import { loadSearchUI, type SearchUI } from './load';
import { SearchIcon } from './SearchIcon';
import { isApplePlatform, searchShortcut } from './shortcuts';

export interface SearchBarProps {
  /** Loads the lazy chunk; tests pass a fake. */
  load?: () => Promise<SearchUI>;
}

export function SearchBar({ load = loadSearchUI }: SearchBarProps) {
  const { searchIndex } = useSite();
  return searchIndex ? <Search indexURL={searchIndex} load={load} /> : null;
}

function Search({ indexURL, load }: { indexURL: string; load: () => Promise<SearchUI> }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [ui, setUI] = useState<{ Modal: SearchUI['SearchModal']; engine: SearchEngine } | null>(null);
  const [failed, setFailed] = useState(false);
  const [apple, setApple] = useState(false);
  const engine = useRef<SearchEngine | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);
  isOpen.current = open;

  /** Loads the chunk and creates the engine once; rejects when the chunk cannot be loaded. */
  const fetchUI = useCallback(
    () =>
      load().then((mod) => {
        engine.current ??= mod.createSearchEngine(indexURL);
        setUI({ Modal: mod.SearchModal, engine: engine.current });
      }),
    [load, indexURL],
  );

  /** Loads for the open modal: a failure shows the Retry box. */
  const loadForModal = useCallback(() => {
    setFailed(false);
    fetchUI().catch((err: unknown) => {
      console.error('Could not load search.', err);
      setFailed(true);
    });
  }, [fetchUI]);

  const show = useCallback(() => {
    if (isOpen.current) return;
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : buttonRef.current;
    setOpen(true);
    loadForModal();
  }, [loadForModal]);

  const close = useCallback((restoreFocus: boolean) => {
    returnFocusTo.current = restoreFocus ? opener.current : null;
    setOpen(false);
  }, []);

  // After the modal is gone (and the page no longer inert), focus goes back.
  useEffect(() => {
    if (open) return;
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    if (target) (target.isConnected ? target : buttonRef.current)?.focus();
  }, [open]);

  useEffect(() => {
    setApple(isApplePlatform());
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (!searchShortcut(e, isOpen.current)) return;
      e.preventDefault();
      if (isOpen.current) close(true);
      else show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show, close]);

  const preload = () => {
    // A hint only: a failure shows when the reader opens search.
    fetchUI().catch(() => {});
  };

  let modal = null;
  if (open && ui) modal = <ui.Modal engine={ui.engine} onClose={close} />;
  else if (open && failed) modal = <LoadFailed retry={loadForModal} close={close} />;

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="search-button"
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <SearchIcon className="search-button__icon" />
        <span className="search-button__label">Search</span>
        <span className="search-button__keys" aria-hidden="true">
          <kbd className="search-button__key search-button__key--mod">{apple ? '⌘' : 'Ctrl'}</kbd>
          <kbd className="search-button__key">K</kbd>
        </span>
      </button>
      {modal}
    </>
  );
}

/** The chunk could not be downloaded (offline, or a new deploy removed it): say so, offer Retry. */
function LoadFailed({ retry, close }: { retry: () => void; close: (restoreFocus: boolean) => void }) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') close(true);
    if (e.key !== 'Tab') return;
    // Two buttons: Tab and Shift+Tab move between them and never leave.
    e.preventDefault();
    const buttons = Array.from(e.currentTarget.querySelectorAll('button'));
    buttons[(buttons.indexOf(document.activeElement as HTMLButtonElement) + 1) % buttons.length]?.focus();
  };
  return createPortal(
    <div
      className="search-modal"
      onMouseDown={(e) => {
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        close(true);
      }}
    >
      <div className="search-modal__panel search-modal__panel--failed" role="dialog" aria-modal="true" aria-label="Search" onKeyDown={onKeyDown}>
        <p role="alert">Search could not be loaded.</p>
        <button
          type="button"
          className="search-modal__retry"
          autoFocus
          onClick={retry}
        >
          Retry
        </button>
        <button type="button" className="clean-btn search-modal__cancel" onClick={() => close(true)}>
          Close
        </button>
      </div>
    </div>,
    document.body,
  );
}
