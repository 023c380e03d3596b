// The reader's preferred docs version (reference 4.6), one per docs
// instance, remembered in local storage under
// "docs-preferred-version-<pluginId>" ("docs-preferred-version-default" for
// the default instance) unless themeConfig.docs.versionPersistence is
// "none". Null on the server and the first client render; read once the
// page is interactive. A stored name that is no longer a version is removed.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { VersionData } from '../contract.gen';
import { useRouter } from '../app/router';
import { useSite } from '../app/SiteContext';
import { ReactContextError } from '../utils/contextError';
import { readStorage, removeStorage, StorageKeys, writeStorage } from '../utils/storage';
import { allDocsInstances, DEFAULT_DOCS_PLUGIN_ID, docsInstance, pluginIdOf } from './docsInstances';
import { activeVersionFor, latestVersion, versionCandidates } from './docsVersions';

/** The default docs instance's id, for callers that name no instance. */
export const DOCS_PLUGIN_ID = DEFAULT_DOCS_PLUGIN_ID;

interface PreferredVersionValue {
  preferredVersion: VersionData | null;
  savePreferredVersionName: (name: string) => void;
}

interface PreferredVersions {
  /** The preferred version's name, by docs instance id. */
  names: Record<string, string>;
  save: (pluginId: string, name: string) => void;
}

const PreferredVersionContext = createContext<PreferredVersions | null>(null);

export function DocsPreferredVersionProvider({ children }: { children: ReactNode }) {
  const site = useSite();
  const persist = site.themeConfig.docs.versionPersistence !== 'none';
  const [names, setNames] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!persist) return;
    const stored: Record<string, string> = {};
    for (const docs of allDocsInstances(site)) {
      const key = StorageKeys.preferredVersion(pluginIdOf(docs));
      const name = readStorage(key);
      if (name === null) continue;
      if (docs.versions.some((v) => v.name === name)) stored[pluginIdOf(docs)] = name;
      else removeStorage(key);
    }
    if (Object.keys(stored).length > 0) setNames(stored);
    // The version lists are fixed for the life of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [persist]);

  const save = useCallback(
    (pluginId: string, name: string) => {
      if (persist) writeStorage(StorageKeys.preferredVersion(pluginId), name);
      setNames((prev) => ({ ...prev, [pluginId]: name }));
    },
    [persist],
  );

  const value = useMemo<PreferredVersions>(() => ({ names, save }), [names, save]);
  return <PreferredVersionContext.Provider value={value}>{children}</PreferredVersionContext.Provider>;
}

/** The preferred version of a docs instance (the default one when none is named), and how to change it. */
export function useDocsPreferredVersion(pluginId: string = DOCS_PLUGIN_ID): PreferredVersionValue {
  const value = useContext(PreferredVersionContext);
  if (!value) throw new ReactContextError('useDocsPreferredVersion', 'DocsPreferredVersionContextProvider');
  const versions = docsInstance(useSite(), pluginId).versions;
  const { names, save } = value;
  const name = names[pluginId];
  const savePreferredVersionName = useCallback((next: string) => save(pluginId, next), [save, pluginId]);
  return useMemo(
    () => ({ preferredVersion: versions.find((v) => v.name === name) ?? null, savePreferredVersionName }),
    [versions, name, savePreferredVersionName],
  );
}

/** The version of a docs instance the current page is in, from its path. */
export function useActiveDocsVersion(pluginId: string = DOCS_PLUGIN_ID): VersionData | null {
  const site = useSite();
  const { location } = useRouter();
  return activeVersionFor(docsInstance(site, pluginId).versions, location.pathname);
}

/** [active, preferred, latest] of a docs instance, without duplicates (reference 4.6). */
export function useDocsVersionCandidates(pluginId: string = DOCS_PLUGIN_ID): VersionData[] {
  const site = useSite();
  const active = useActiveDocsVersion(pluginId);
  const { preferredVersion } = useDocsPreferredVersion(pluginId);
  return versionCandidates(active, preferredVersion, latestVersion(docsInstance(site, pluginId).versions));
}
