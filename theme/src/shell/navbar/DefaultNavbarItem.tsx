// A navbar link (reference 3.2, type "default", and the link that doc,
// docSidebar and docsVersion items render as). `to` is a client-side link
// with the base URL; `href` is used as written (or with the base URL when
// prependBaseUrlToHref) and external ones get an icon.
import type { MouseEvent } from 'react';
import { Link } from '../../app/Link';
import { useSite } from '../../app/SiteContext';
import { hasProtocol, isSamePath, withBaseUrl } from '../../utils/links';
import { cx } from '../cx';
import { ExternalLinkIcon } from '../icons';
import { internalTarget, isItemActive } from './activeState';
import { itemLabel, type NavbarItemVariant, type NavEntry } from './types';
import { useActiveContext } from './useActiveContext';

const linkClasses: Record<NavbarItemVariant, [base: string, active: string]> = {
  desktop: ['navbar__item navbar__link', 'navbar__link--active'],
  dropdown: ['dropdown__link', 'dropdown__link--active'],
  mobile: ['menu__link', 'menu__link--active'],
};

/** The URL a navbar link goes to, base URL applied. */
export function useNavbarItemUrl(item: NavEntry): { url: string | undefined; internal: boolean } {
  const { baseUrl } = useSite();
  const to = internalTarget(item, baseUrl);
  if (to) return { url: to, internal: true };
  if (item.href) {
    const href = item.prependBaseUrlToHref ? withBaseUrl(baseUrl, item.href) : item.href;
    return { url: href, internal: !hasProtocol(href) };
  }
  return { url: undefined, internal: false };
}

export function NavbarLink({ item, variant }: { item: NavEntry; variant: NavbarItemVariant }) {
  const ctx = useActiveContext();
  const { url, internal } = useNavbarItemUrl(item);
  const active = item.isActive ?? isItemActive(item, ctx);
  const [base, activeClass] = linkClasses[variant];
  const className = cx(base, active && activeClass, item.className);
  const label = itemLabel(item);
  // "page" only for the page itself; an item active for a whole section is "true".
  const current = active ? (url && isSamePath(url.split(/[?#]/)[0], ctx.pathname) ? 'page' : 'true') : undefined;
  const onClick = item.onSelect ? (_e: MouseEvent<HTMLAnchorElement>) => item.onSelect?.() : undefined;
  const external = !!url && !internal;
  const content = item.html ? undefined : (
    <>
      {label}
      {external && label && <ExternalLinkIcon size={variant === 'dropdown' ? 12 : 13.5} />}
    </>
  );
  const anchorProps = {
    className,
    'aria-current': current,
    'aria-label': item['aria-label'] || undefined,
    target: item.target || undefined,
    rel: item.rel || undefined,
    lang: item.lang,
    onClick,
    ...(item.html ? { dangerouslySetInnerHTML: { __html: item.html } } : {}),
  } as const;
  const link = item.fullPageLoad ? (
    <a href={url} {...anchorProps} target={item.target || '_self'}>
      {content}
    </a>
  ) : (
    <Link to={url} autoAddBaseUrl={false} {...anchorProps}>
      {content}
    </Link>
  );
  if (variant === 'desktop') return link;
  return <li className={variant === 'mobile' ? 'menu__list-item' : undefined}>{link}</li>;
}
