// The complete HTML document of a route: head, the server-rendered app, the
// data the client hydrates from, and the client bundle.
import type { RenderInput } from './contract.gen';
import { htmlClassNames } from './app/htmlClasses';
import { escapeHtml, headTags } from './head';
import { announcementBarScript, colorModeScript } from './inlineScripts';

/** Where the prerendered app lives and the client hydrates. */
export const ROOT_ID = '__portal';
/** The script element carrying the initial data. */
export const DATA_ID = '__portal-data';

/** Data the client needs to hydrate exactly what the server rendered. */
export interface InitialData {
  site: RenderInput['site'];
  page: RenderInput['page'];
  sidebar: RenderInput['sidebar'];
  manifestUrl: string;
  sidebarsUrl: string;
}

/** JSON that is safe inside a <script> element. */
export function scriptJSON(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function renderDocument(input: RenderInput, appHtml: string): string {
  const { site, page } = input;
  const locale = site.i18n.localeConfigs?.[site.i18n.defaultLocale];
  const initial: InitialData = {
    site,
    page,
    sidebar: input.sidebar,
    manifestUrl: input.manifestUrl,
    sidebarsUrl: input.sidebarsUrl,
  };
  const styles = (input.assets.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('\n');
  const scripts = (input.assets.scripts ?? []).map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`).join('\n');
  const announcement = announcementBarScript(site);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(locale?.htmlLang ?? 'en')}" dir="${escapeHtml(locale?.direction ?? 'ltr')}" data-theme="${escapeHtml(site.themeConfig.colorMode.defaultMode)}" class="${htmlClassNames(page).join(' ')}" data-has-hydrated="false">
<head>
${headTags(site, page)}
${styles}
<script>${colorModeScript(site)}</script>
${announcement ? `<script>${announcement}</script>` : ''}
</head>
<body>
<div id="${ROOT_ID}">${appHtml}</div>
<script id="${DATA_ID}" type="application/json">${scriptJSON(initial)}</script>
${scripts}
</body>
</html>
`;
}
