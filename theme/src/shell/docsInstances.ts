// Docs instances (Docusaurus's docs plugin used more than once): each has
// its own versions, sidebars and routes. The engine writes the default
// instance as SiteData.docs and the others as SiteData.docsInstances; a doc
// of another instance says which in DocMeta.pluginId. Pure functions.
import type { DocMeta, DocsData, SiteData } from '../contract.gen';

/** The id Docusaurus gives the docs plugin's default instance. */
export const DEFAULT_DOCS_PLUGIN_ID = 'default';

/** The id of an instance, or of a doc's instance ("default" when omitted). */
export function pluginIdOf(x: { pluginId?: string } | undefined): string {
  return x?.pluginId || DEFAULT_DOCS_PLUGIN_ID;
}

/** Every docs instance, the default one first. */
export function allDocsInstances(site: Pick<SiteData, 'docs' | 'docsInstances'>): DocsData[] {
  return [site.docs, ...(site.docsInstances ?? [])];
}

/**
 * The docs instance with that id (a navbar item's docsPluginId, a doc's
 * pluginId); the default one when none is given or none has it.
 */
export function docsInstance(site: Pick<SiteData, 'docs' | 'docsInstances'>, pluginId?: string): DocsData {
  if (!pluginId) return site.docs;
  return allDocsInstances(site).find((d) => pluginIdOf(d) === pluginId) ?? site.docs;
}

/** The key of a doc's version in the sidebars data: "<pluginId>/<version>" outside the default instance. */
export function sidebarsKey(doc: Pick<DocMeta, 'version' | 'pluginId'>): string {
  return doc.pluginId ? `${doc.pluginId}/${doc.version}` : doc.version;
}
