// The announcement bar (reference 4.5). A reader who closes it does not see
// it again, until the bar's id changes. The inline head script marks a
// dismissed bar before first paint and CSS hides it, so it never flashes;
// the server render and hydration always include it.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSite } from '../app/SiteContext';
import { ReactContextError } from '../utils/contextError';
import { readStorage, StorageKeys, writeStorage } from '../utils/storage';
import { CloseIcon } from './icons';

/** The replaced site's default id, and its old misspelling, read as the same bar. */
const DEFAULT_ID = 'announcement-bar';
const LEGACY_ID = 'annoucement-bar';

interface AnnouncementBarValue {
  /** A bar is configured and the reader has not closed it. */
  isActive: boolean;
  close: () => void;
}

const AnnouncementBarContext = createContext<AnnouncementBarValue | null>(null);

/**
 * Whether the bar starts closed, given what storage remembers. Records the
 * bar's id, and forgets an earlier dismissal when the id is new.
 */
export function syncAnnouncementDismissal(id: string): boolean {
  let storedId = readStorage(StorageKeys.announcementId);
  if (storedId === LEGACY_ID) storedId = DEFAULT_ID;
  const isNewBar = storedId !== id;
  writeStorage(StorageKeys.announcementId, id);
  if (isNewBar) writeStorage(StorageKeys.announcementDismiss, 'false');
  return !isNewBar && readStorage(StorageKeys.announcementDismiss) === 'true';
}

export function AnnouncementBarProvider({ children }: { children: ReactNode }) {
  const bar = useSite().themeConfig.announcementBar;
  const id = bar?.id || DEFAULT_ID;
  const closeable = bar?.isCloseable !== false;
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    if (!bar) return;
    const dismissed = syncAnnouncementDismissal(id);
    setClosed(closeable && dismissed);
  }, [bar, id, closeable]);

  const close = useCallback(() => {
    writeStorage(StorageKeys.announcementDismiss, 'true');
    setClosed(true);
  }, []);

  const value = useMemo(() => ({ isActive: !!bar && !closed, close }), [bar, closed, close]);
  return <AnnouncementBarContext.Provider value={value}>{children}</AnnouncementBarContext.Provider>;
}

export function useAnnouncementBar(): AnnouncementBarValue {
  const value = useContext(AnnouncementBarContext);
  if (!value) throw new ReactContextError('useAnnouncementBar', 'AnnouncementBarProvider');
  return value;
}

export function AnnouncementBar() {
  const bar = useSite().themeConfig.announcementBar;
  const { isActive, close } = useAnnouncementBar();
  if (!bar || !isActive) return null;
  const closeable = bar.isCloseable !== false;
  // Its colours come from a rule in <head> (announcementBarStyle): a style
  // attribute would need 'unsafe-inline' in the Content-Security-Policy.
  return (
    <div className="theme-announcement-bar announcement-bar" role="banner">
      {closeable && <div className="announcement-bar__placeholder" />}
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {closeable && (
        <button type="button" aria-label="Close" className="clean-btn close announcement-bar__close" onClick={close}>
          <CloseIcon size={21} strokeWidth={1.6} />
        </button>
      )}
    </div>
  );
}
