// The complete HTML document of a route: head, the server-rendered app, the
// data the client hydrates from, and the client bundle.
import type { RenderInput, SiteData } from './contract.gen';
import { htmlClassNames } from './app/htmlClasses';
import { escapeHtml, headTags } from './head';
import { announcementBarScript, announcementBarStyle, colorModeScript } from './inlineScripts';
import { currentLocale } from './app/translate';

/** Where the prerendered app lives and the client hydrates. */
export const ROOT_ID = '__portal';
/** The script element carrying the initial data. */
export const DATA_ID = '__portal-data';

/**
 * Data the client hydrates from: the render input, so the client renders
 * what the server rendered, except the page's content HTML, which the engine
 * leaves out because the document holds it already (the client reads it
 * back: content/contentFromDom.ts). Site data and sidebars are not in it
 * either: they are the same for every page, so the client loads them from
 * their own cached files (preloaded by the document) before hydrating.
 */
export type InitialData = RenderInput;

/**
 * Stands where the initial data goes. The engine replaces it with the render
 * input it already holds as JSON (escaped for a script element): serialising
 * it again here was the largest cost of a prerender in QuickJS.
 */
export const DATA_PLACEHOLDER = '<!--portal:initial-data-->';

export function renderDocument(input: RenderInput, site: SiteData, appHtml: string): string {
  const { page } = input;
  const locale = site.i18n.localeConfigs[currentLocale(site)];
  const styles = (input.assets.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n');
  const scripts = (input.assets.scripts ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('\n');
  const dataFiles = [input.siteUrl, ...(page.doc?.sidebar ? [input.sidebarsUrl] : [])];
  const preloads = [
    ...dataFiles.map((href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">`),
    ...(input.assets.preload ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ].join('\n');
  const announcement = announcementBarScript(site);
  const announcementStyle = announcementBarStyle(site);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale?.htmlLang ?? 'en')}" dir="${escapeHtml(locale?.direction ?? 'ltr')}" data-theme="${escapeHtml(site.themeConfig.colorMode.defaultMode)}" class="${htmlClassNames(page).join(' ')}" data-has-hydrated="false">
<head>
${headTags(site, page)}
${styles}
${preloads}
<script>${colorModeScript(site)}</script>
${announcement ? `<script>${announcement}</script>` : ''}
${announcementStyle ? `<style>${announcementStyle}</style>` : ''}
</head>
<body>
<div id="${ROOT_ID}">${appHtml}</div>
<script id="${DATA_ID}" type="application/json">${DATA_PLACEHOLDER}</script>
${scripts}
</body>
</html>
`;
}
