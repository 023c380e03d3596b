import { createContext, useContext, type ReactNode } from 'react';
import type { SiteData } from '../contract.gen';
import { ReactContextError } from '../utils/contextError';

const SiteContext = createContext<SiteData | null>(null);

export function SiteProvider({ site, children }: { site: SiteData; children: ReactNode }) {
  return <SiteContext.Provider value={site}>{children}</SiteContext.Provider>;
}

/** The site-wide data: config, navbar, versions. */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new ReactContextError('useSite', 'SiteProvider');
  return site;
}

/** The site-wide data, or null outside a SiteProvider (a Markdown component rendered on its own). */
export function useOptionalSite(): SiteData | null {
  return useContext(SiteContext);
}
