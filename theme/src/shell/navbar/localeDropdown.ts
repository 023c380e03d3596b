// The locale dropdown's entries (reference 3.2, type localeDropdown): one per
// configured locale, linking to this page in that locale and keeping the
// search and hash. Switching locale is a full page load, since each locale is
// a separate build of the site.
import type { SiteData } from '../../contract.gen';
import type { Location } from '../../app/router';
import type { NavEntry } from './types';
import { currentLocale } from '../../app/translate';

/** Adds a query string ("a=1" or "?a=1") to a search part ("" or "?x=y"). */
export function appendQueryString(search: string, queryString: string | undefined): string {
  const extra = (queryString ?? '').replace(/^\?/, '');
  if (!extra) return search;
  return search && search !== '?' ? `${search}&${extra}` : `?${extra}`;
}

/** The site's base URL without the locale of this build. */
function unlocalizedBase(site: SiteData): string {
  const current = currentLocale(site);
  if (current === site.i18n.defaultLocale) return site.baseUrl;
  const segment = `${current}/`;
  return site.baseUrl.endsWith(segment) ? site.baseUrl.slice(0, -segment.length) : site.baseUrl;
}

/** The current page's path in another locale (no host): every locale but the default one is under /<locale>/. */
export function localePath(site: SiteData, locale: string, pathname: string): string {
  const { defaultLocale } = site.i18n;
  // The site is built per locale, each build under its own base URL.
  const suffix = pathname.startsWith(site.baseUrl) ? pathname.slice(site.baseUrl.length) : pathname.replace(/^\//, '');
  const localeSegment = locale === defaultLocale ? '' : `${locale}/`;
  return `${unlocalizedBase(site)}${localeSegment}${suffix}`;
}

export function localeEntries(site: SiteData, location: Location, queryString?: string): NavEntry[] {
  const { defaultLocale, localeConfigs } = site.i18n;
  const locales = site.i18n.locales.length ? site.i18n.locales : [defaultLocale];
  return locales.map((locale) => {
    const config = localeConfigs[locale];
    return {
      type: 'default',
      label: config?.label || locale,
      lang: config?.htmlLang || locale,
      href: localePath(site, locale, location.pathname) + appendQueryString(location.search, queryString) + location.hash,
      target: '_self',
      fullPageLoad: true,
      isActive: locale === currentLocale(site),
    };
  });
}

/** The label on the dropdown's button: the current locale's label. */
export function currentLocaleLabel(site: SiteData): string {
  const current = currentLocale(site);
  return site.i18n.localeConfigs[current]?.label || current;
}
