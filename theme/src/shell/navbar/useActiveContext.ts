import { useRef } from 'react';
import { useRouter } from '../../app/router';
import { useSite } from '../../app/SiteContext';
import type { ActiveContext } from './activeState';

/** What the active-state rules need: the current path and the current doc's sidebar and docs instance. */
export function useActiveContext(): ActiveContext {
  const { baseUrl } = useSite();
  const { location, state } = useRouter();
  // While the next page loads, keep the last page's sidebar so the
  // highlighted item does not blink.
  const lastSidebar = useRef<string | null>(null);
  const lastPluginId = useRef<string | undefined>(undefined);
  if (state.status === 'loaded') {
    lastSidebar.current = state.page.doc?.sidebar ?? null;
    lastPluginId.current = state.page.doc?.pluginId;
  }
  return { pathname: location.pathname, baseUrl, docSidebar: lastSidebar.current, docsPluginId: lastPluginId.current };
}
