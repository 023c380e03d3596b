import { describe, expect, it } from 'vitest';
import type { SiteData } from '../../contract.gen';
import { site } from '../../app/testFixtures';
import { translate } from '../../app/translate';
import { currentLocaleLabel, localeEntries } from './localeDropdown';

const i18n = {
  defaultLocale: 'en',
  locales: ['en', 'fr'],
  localeConfigs: {
    en: { label: 'English', htmlLang: 'en', direction: 'ltr', path: 'en' },
    fr: { label: 'Français', htmlLang: 'fr-FR', direction: 'ltr', path: 'francais' },
  },
};
const location = { pathname: '', search: '?q=1', hash: '#top' };

describe('the locale dropdown', () => {
  it.each([
    // The default locale's build, at the base URL.
    { build: { ...site, baseUrl: '/base/', i18n }, pathname: '/base/docs/intro/', active: 'en', label: 'English' },
    // The French build, under /<locale>/ whatever localeConfigs.path says (Docusaurus 3).
    { build: { ...site, baseUrl: '/base/fr/', i18n: { ...i18n, currentLocale: 'fr' } }, pathname: '/base/fr/docs/intro/', active: 'fr', label: 'Français' },
  ] satisfies { build: SiteData; pathname: string; active: string; label: string }[])(
    'links each locale to the same page from the $active build',
    ({ build, pathname, active, label }) => {
      const entries = localeEntries(build, { ...location, pathname });
      expect(entries.map((e) => [e.label, e.href, e.lang, e.isActive])).toEqual([
        ['English', '/base/docs/intro/?q=1#top', 'en', active === 'en'],
        ['Français', '/base/fr/docs/intro/?q=1#top', 'fr-FR', active === 'fr'],
      ]);
      expect(currentLocaleLabel(build)).toBe(label);
    },
  );
});

describe('translate', () => {
  it('takes code.json’s message, else the English one', () => {
    const fr = { ...site, translations: { 'theme.docs.paginator.next': 'Suivant' } };
    expect(translate(fr, 'theme.docs.paginator.next', 'Next')).toBe('Suivant');
    expect(translate(fr, 'theme.docs.paginator.previous', 'Previous')).toBe('Previous');
    expect(translate(site, 'theme.docs.paginator.next', 'Next')).toBe('Next');
  });
});
