// The theme's visible strings in the build's locale. Each string has the id
// Docusaurus's classic theme gives it in code.json, so a site's
// i18n/<locale>/code.json translates it; a string the file does not
// translate is the theme's own English.
import type { SiteData } from '../contract.gen';
import { useSite } from './SiteContext';

/** code.json's message for id, or the English message. */
export function translate(site: SiteData, id: string, message: string): string {
  return site.translations?.[id] ?? message;
}

/** translate, for a component inside the site's provider. */
export function useTranslate(): (id: string, message: string) => string {
  const site = useSite();
  return (id, message) => translate(site, id, message);
}

/** The locale this build of the site is of. */
export function currentLocale(site: SiteData): string {
  return site.i18n.currentLocale || site.i18n.defaultLocale;
}
