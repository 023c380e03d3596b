// The locale dropdown's entries (reference 3.2, type localeDropdown): one per
// configured locale, linking to this page in that locale and keeping the
// search and hash. Switching locale is a full page load, since each locale is
// a separate build of the site.
import type { SiteData } from '../../contract.gen';
import type { Location } from '../../app/router';
import type { NavEntry } from './types';

/** Adds a query string ("a=1" or "?a=1") to a search part ("" or "?x=y"). */
export function appendQueryString(search: string, queryString: string | undefined): string {
  const extra = (queryString ?? '').replace(/^\?/, '');
  if (!extra) return search;
  return search && search !== '?' ? `${search}&${extra}` : `?${extra}`;
}

/** The current page's path in another locale (no host). */
export function localePath(site: SiteData, locale: string, pathname: string): string {
  const { defaultLocale, localeConfigs } = site.i18n;
  // The site is built per locale; this build is the default locale's.
  const suffix = pathname.startsWith(site.baseUrl) ? pathname.slice(site.baseUrl.length) : pathname.replace(/^\//, '');
  const localeSegment = locale === defaultLocale ? '' : `${(localeConfigs[locale]?.path || locale).replace(/^\/|\/$/g, '')}/`;
  return `${site.baseUrl}${localeSegment}${suffix}`;
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
      isActive: locale === defaultLocale,
    };
  });
}

/** The label on the dropdown's button: the current locale's label. */
export function currentLocaleLabel(site: SiteData): string {
  const { defaultLocale, localeConfigs } = site.i18n;
  return localeConfigs[defaultLocale]?.label || defaultLocale;
}
