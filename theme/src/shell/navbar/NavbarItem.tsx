// One navbar item of any of the nine types (reference 3.2), in its desktop,
// desktop-dropdown or mobile form.
import type { ReactNode } from 'react';
import { useRouter } from '../../app/router';
import { useSite } from '../../app/SiteContext';
import { docsInstance, pluginIdOf } from '../docsInstances';
import { useActiveDocsVersion, useDocsPreferredVersion, useDocsVersionCandidates } from '../docsPreferredVersion';
import { cx } from '../cx';
import { LanguageIcon } from '../icons';
import { NavbarLink } from './DefaultNavbarItem';
import { resolveDocItem, resolveDocsVersionItem } from './docItems';
import { DesktopDropdown, MobileDropdown } from './DropdownNavbarItem';
import { currentLocaleLabel, localeEntries } from './localeDropdown';
import { NavbarSearch } from './NavbarSearch';
import { itemLabel, type NavbarItemVariant, type NavEntry } from './types';
import { dropdownVersion, dropdownVersions, versionEntryTarget } from './versionDropdown';
import { translate } from '../../app/translate';

interface ItemProps {
  item: NavEntry;
  variant: NavbarItemVariant;
}

export function NavbarItem({ item, variant }: ItemProps) {
  // The engine resolved the type: "dropdown" for an untyped item with items.
  const type = item.type;
  switch (type) {
    case 'default':
      return <NavbarLink item={item} variant={variant} />;
    case 'dropdown':
      return <Dropdown item={item} variant={variant} label={itemLabel(item)} subItems={item.items ?? []} />;
    case 'localeDropdown':
      return <LocaleDropdownItem item={item} variant={variant} />;
    case 'search':
      return variant === 'mobile' ? null : <NavbarSearch className={item.className} />;
    case 'html':
      return <HtmlItem item={item} variant={variant} />;
    case 'doc':
      return <DocItem item={item} variant={variant} />;
    case 'docSidebar':
      return <NavbarLink item={item} variant={variant} />;
    case 'docsVersion':
      return <DocsVersionItem item={item} variant={variant} />;
    case 'docsVersionDropdown':
      return <DocsVersionDropdownItem item={item} variant={variant} />;
    default:
      throw new Error(`No NavbarItem component found for type "${type}".`);
  }
}

/** A dropdown with its items around; on desktop only the top level is a dropdown. */
function Dropdown({ item, variant, label, subItems }: ItemProps & { label: ReactNode; subItems: readonly NavEntry[] }) {
  const subVariant: NavbarItemVariant = variant === 'mobile' ? 'mobile' : 'dropdown';
  const children = subItems.map((sub, i) => <NavbarItem item={sub} variant={subVariant} key={i} />);
  if (variant === 'mobile') {
    return (
      <MobileDropdown item={item} label={label} subItems={subItems}>
        {children}
      </MobileDropdown>
    );
  }
  return (
    <DesktopDropdown item={item} label={label} subItems={subItems}>
      {children}
    </DesktopDropdown>
  );
}

function HtmlItem({ item, variant }: ItemProps) {
  const html = { __html: item.value ?? '' };
  if (variant === 'desktop') return <div className={cx('navbar__item', item.className)} dangerouslySetInnerHTML={html} />;
  return <li className={cx(variant === 'mobile' && 'menu__list-item', 'navbar__html-item', item.className)} dangerouslySetInnerHTML={html} />;
}

// Doc-based items follow the versions of the docs instance they name
// (docsPluginId), the default one without it.
function DocItem({ item, variant }: ItemProps) {
  const candidates = useDocsVersionCandidates(pluginIdOf({ pluginId: item.docsPluginId }));
  return <NavbarLink item={resolveDocItem(item, candidates)} variant={variant} />;
}

function DocsVersionItem({ item, variant }: ItemProps) {
  const candidates = useDocsVersionCandidates(pluginIdOf({ pluginId: item.docsPluginId }));
  return <NavbarLink item={resolveDocsVersionItem(item, candidates)} variant={variant} />;
}

function LocaleDropdownItem({ item, variant }: ItemProps) {
  const site = useSite();
  const { location } = useRouter();
  const entries = [
    ...((item.dropdownItemsBefore ?? []) as NavEntry[]),
    ...localeEntries(site, location, item.queryString),
    ...((item.dropdownItemsAfter ?? []) as NavEntry[]),
  ];
  const label = (
    <>
      <LanguageIcon />
      <span className="navbar__locale-label">{variant === 'mobile' ? translate(site, 'theme.navbar.mobileLanguageDropdown.label', 'Languages') : currentLocaleLabel(site)}</span>
    </>
  );
  // The button itself links nowhere; the entries are the links.
  return <Dropdown item={{ ...item, to: undefined, href: undefined, items: entries }} variant={variant} label={label} subItems={entries} />;
}

function DocsVersionDropdownItem({ item, variant }: ItemProps) {
  const site = useSite();
  const { location, state } = useRouter();
  const pluginId = pluginIdOf({ pluginId: item.docsPluginId });
  const candidates = useDocsVersionCandidates(pluginId);
  const active = useActiveDocsVersion(pluginId);
  const { savePreferredVersionName } = useDocsPreferredVersion(pluginId);
  // The current doc counts only in its own docs instance.
  const doc = state.status === 'loaded' ? state.page.doc : undefined;
  const docId = doc && pluginIdOf(doc) === pluginId ? doc.id : undefined;
  const choices = dropdownVersions(docsInstance(site, pluginId).versions, item.versions);
  const noActiveClass = !!item.dropdownActiveClassDisabled;
  const versionEntries: NavEntry[] = choices.map(({ version, label }) => ({
    type: 'default',
    label,
    to: versionEntryTarget(version, docId, location),
    isActive: !noActiveClass && active?.name === version.name,
    onSelect: () => savePreferredVersionName(version.name),
  }));
  const entries = [
    ...((item.dropdownItemsBefore ?? []) as NavEntry[]),
    ...versionEntries,
    ...((item.dropdownItemsAfter ?? []) as NavEntry[]),
  ];
  const shown = dropdownVersion(choices, candidates);
  const buttonLabel = item.label || shown?.label || '';
  const buttonTarget = shown ? versionEntryTarget(shown.version, docId, { search: '', hash: '' }) : undefined;
  const base: NavEntry = {
    ...item,
    type: 'default',
    label: buttonLabel,
    to: buttonTarget,
    href: undefined,
    resolvedTo: undefined,
  };
  // One entry or none: a plain link, not a dropdown.
  if (entries.length <= 1) return <NavbarLink item={noActiveClass ? { ...base, isActive: false } : base} variant={variant} />;
  if (variant === 'mobile') {
    return <Dropdown item={{ ...base, to: undefined, items: entries }} variant={variant} label="Versions" subItems={entries} />;
  }
  return <Dropdown item={{ ...base, items: entries, ...(noActiveClass ? { isActive: false } : {}) }} variant={variant} label={buttonLabel} subItems={entries} />;
}
