// The theme's visible strings in the build's locale. Each string has the id
// Docusaurus's classic theme gives it in code.json, so a site's
// i18n/<locale>/code.json translates it; a string the file does not
// translate is the theme's own English.
import { createContext, useContext } from 'react';
import type { SiteData } from '../contract.gen';
import { useOptionalSite } from './SiteContext';

/**
 * The translations of a render outside the site's provider: the engine
 * renders a page's Markdown components on their own, before the site data
 * exists (content/components/render.tsx).
 */
export const TranslationsContext = createContext<Record<string, string> | null>(null);

/** code.json's message for id, or the English message. */
export function translate(site: SiteData, id: string, message: string): string {
  return site.translations?.[id] ?? message;
}

/** translate, for a component inside the site's provider. */
export function useTranslate(): (id: string, message: string) => string {
  const site = useOptionalSite();
  const own = useContext(TranslationsContext);
  const translations = own ?? site?.translations;
  return (id, message) => translations?.[id] ?? message;
}

/** The locale this build of the site is of. */
export function currentLocale(site: SiteData): string {
  return site.i18n.currentLocale || site.i18n.defaultLocale;
}
