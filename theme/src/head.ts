// The document head of a page (reference 2.5), as an HTML string for the
// server render; the client updates the title on navigation.
import type { PageData, SiteData } from './contract.gen';
import { withBaseUrl } from './utils/links';
import { currentLocale } from './app/translate';

const NEEDS_ESCAPE = /[&<>"]/;

export function escapeHtml(s: string): string {
  // Most strings need nothing; one test is much cheaper than four replaces
  // in the prerender's JavaScript engine.
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * "<page title> | <site title>"; the site title alone for the home page; the
 * title of the page's own <head> as it is written.
 */
export function pageTitle(site: SiteData, page: PageData): string {
  if (page.head?.title) return page.head.title;
  if (page.kind === 'home' || !page.title || page.title === site.title) return site.title;
  return `${page.title} ${site.titleDelimiter} ${site.title}`;
}

function metaTag(attrs: Record<string, string>): string {
  return '<meta ' + Object.entries(attrs).map(([k, v]) => `${k}="${escapeHtml(v)}"`).join(' ') + '>';
}

function absolute(site: SiteData, url: string): string {
  return /^\w+:/.test(url) ? url : site.url + withBaseUrl(site.baseUrl, url.startsWith('/') ? url : '/' + url);
}

/** A locale as Open Graph writes it: its htmlLang with the first "-" as "_" (reference 2.x). */
function ogLocale(site: SiteData, locale: string): string {
  return (site.i18n.localeConfigs[locale]?.htmlLang ?? locale).replace('-', '_');
}

/** The name or property of a page's own <meta> tags: each takes the place of the theme's of that name, as the innermost does in Docusaurus. */
function ownMetaKeys(page: PageData): Set<string> {
  const keys = new Set<string>();
  for (const tag of page.head?.tags ?? []) {
    if (tag.name !== 'meta') continue;
    for (const a of tag.attrs) if (a.name === 'name' || a.name === 'property') keys.add(a.value.toLowerCase());
  }
  return keys;
}

export function headTags(site: SiteData, page: PageData): string {
  const title = pageTitle(site, page);
  const own = ownMetaKeys(page);
  const meta = (attrs: Record<string, string>): string => {
    const key = (attrs.name ?? attrs.property)?.toLowerCase();
    return key !== undefined && own.has(key) ? '' : metaTag(attrs);
  };
  const tags: string[] = [
    '<meta charset="UTF-8">',
    meta({ name: 'viewport', content: 'width=device-width, initial-scale=1.0' }),
    `<title>${escapeHtml(title)}</title>`,
    meta({ property: 'og:title', content: title }),
    meta({ property: 'og:locale', content: ogLocale(site, currentLocale(site)) }),
    ...site.i18n.locales.filter((l) => l !== currentLocale(site)).map((l) => meta({ property: 'og:locale:alternate', content: ogLocale(site, l) })),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
  ];
  if (page.description) {
    tags.push(meta({ name: 'description', content: page.description }), meta({ property: 'og:description', content: page.description }));
  }
  if (page.keywords?.length) tags.push(meta({ name: 'keywords', content: page.keywords.join(', ') }));
  const image = page.image || site.themeConfig.image;
  if (image) tags.push(meta({ property: 'og:image', content: absolute(site, image) }), meta({ name: 'twitter:image', content: absolute(site, image) }));
  if (page.noIndex || site.noIndex) tags.push(meta({ name: 'robots', content: 'noindex, nofollow' }));
  for (const m of site.themeConfig.metadata ?? []) {
    const attrs: Record<string, string> = { content: m.content };
    if (m.name) attrs.name = m.name;
    if (m.property) attrs.property = m.property;
    tags.push(meta(attrs));
  }
  if (page.kind !== 'not-found') {
    tags.push(meta({ property: 'og:url', content: page.canonical }), `<link rel="canonical" href="${escapeHtml(page.canonical)}">`);
    for (const alt of page.alternates) {
      tags.push(`<link rel="alternate" href="${escapeHtml(alt.href)}" hreflang="${escapeHtml(alt.hreflang)}">`);
    }
  }
  for (const tag of page.head?.tags ?? []) {
    tags.push('<' + tag.name + tag.attrs.map((a) => ` ${a.name}="${escapeHtml(a.value)}"`).join('') + '>');
  }
  if (site.favicon) tags.push(`<link rel="icon" href="${escapeHtml(withBaseUrl(site.baseUrl, '/' + site.favicon.replace(/^\//, '')))}">`);
  return tags.filter((tag) => tag !== '').join('\n');
}
