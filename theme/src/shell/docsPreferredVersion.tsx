// The reader's preferred docs version (reference 4.6), remembered in local
// storage under "docs-preferred-version-default" unless
// themeConfig.docs.versionPersistence is "none". Null on the server and the
// first client render; read once the page is interactive. A stored name that
// is no longer a version is removed.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VersionData } from '../contract.gen';
import { useRouter } from '../app/router';
import { useSite } from '../app/SiteContext';
import { ReactContextError } from '../utils/contextError';
import { readStorage, removeStorage, StorageKeys, writeStorage } from '../utils/storage';
import { activeVersionFor, latestVersion, versionCandidates } from './docsVersions';

/** The docs plugin id: Portal has one docs instance. */
export const DOCS_PLUGIN_ID = 'default';

interface PreferredVersionValue {
  preferredVersion: VersionData | null;
  savePreferredVersionName: (name: string) => void;
}

const PreferredVersionContext = createContext<PreferredVersionValue | null>(null);

export function DocsPreferredVersionProvider({ children }: { children: ReactNode }) {
  const site = useSite();
  const versions = site.docs.versions;
  const persist = site.themeConfig.docs.versionPersistence !== 'none';
  const key = StorageKeys.preferredVersion(DOCS_PLUGIN_ID);
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    if (!persist) return;
    const stored = readStorage(key);
    if (stored === null) return;
    if (versions.some((v) => v.name === stored)) setName(stored);
    else removeStorage(key);
    // The version list is fixed for the life of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [persist, key]);

  const savePreferredVersionName = useCallback(
    (next: string) => {
      if (persist) writeStorage(key, next);
      setName(next);
    },
    [persist, key],
  );

  const value = useMemo<PreferredVersionValue>(
    () => ({ preferredVersion: versions.find((v) => v.name === name) ?? null, savePreferredVersionName }),
    [versions, name, savePreferredVersionName],
  );
  return <PreferredVersionContext.Provider value={value}>{children}</PreferredVersionContext.Provider>;
}

export function useDocsPreferredVersion(): PreferredVersionValue {
  const value = useContext(PreferredVersionContext);
  if (!value) throw new ReactContextError('useDocsPreferredVersion', 'DocsPreferredVersionContextProvider');
  return value;
}

/** The docs version of the current page, from its path. */
export function useActiveDocsVersion(): VersionData | null {
  const site = useSite();
  const { location } = useRouter();
  return activeVersionFor(site.docs.versions, location.pathname);
}

/** [active, preferred, latest] without duplicates (reference 4.6). */
export function useDocsVersionCandidates(): VersionData[] {
  const site = useSite();
  const active = useActiveDocsVersion();
  const { preferredVersion } = useDocsPreferredVersion();
  return versionCandidates(active, preferredVersion, latestVersion(site.docs.versions));
}
