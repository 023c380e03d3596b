// The footer (reference 2.9): columns of links, then the logo (350×60 in the
// portal's config) and the copyright; light or dark style.
import type { FooterLink, Logo } from '../contract.gen';
import { Link } from '../app/Link';
import { useSite } from '../app/SiteContext';
import { hasProtocol, withBaseUrl } from '../utils/links';
import { cx } from './cx';
import { ExternalLinkIcon } from './icons';
import { ThemedImage } from './ThemedImage';

/** Kept for callers of the first cut. */
export { ExternalLinkIcon as ExternalIcon } from './icons';

function FooterLinkItem({ item }: { item: FooterLink }) {
  const { baseUrl } = useSite();
  if (item.to) {
    return (
      <Link className="footer__link-item" to={withBaseUrl(baseUrl, item.to)} autoAddBaseUrl={false}>
        {item.label}
      </Link>
    );
  }
  const href = item.href ?? '';
  return (
    <Link className="footer__link-item" href={href} autoAddBaseUrl={false}>
      {item.label}
      {hasProtocol(href) && <ExternalLinkIcon />}
    </Link>
  );
}

function FooterLogo({ logo }: { logo: Logo }) {
  const image = <ThemedImage logo={logo} className="footer__logo" loading="lazy" />;
  if (!logo.href) return image;
  return (
    <Link href={logo.href} className="footer__logo-link" target={logo.target || undefined}>
      {image}
    </Link>
  );
}

export function Footer() {
  const footer = useSite().themeConfig.footer;
  if (!footer) return null;
  const columns = footer.links.filter((column) => column.items.length > 0);
  return (
    <footer className={cx('theme-layout-footer footer', footer.style === 'dark' && 'footer--dark')}>
      <div className="container container-fluid">
        {columns.length > 0 && (
          <div className="row footer__links">
            {columns.map((column, i) => (
              <div className="theme-layout-footer-column col footer__col" key={i}>
                {column.title && <h2 className="footer__title">{column.title}</h2>}
                <ul className="footer__items clean-list">
                  {column.items.map((item, j) =>
                    item.html ? (
                      <li className="footer__item" key={j} dangerouslySetInnerHTML={{ __html: item.html }} />
                    ) : (
                      <li className="footer__item" key={j}>
                        <FooterLinkItem item={item} />
                      </li>
                    ),
                  )}
                </ul>
              </div>
            ))}
          </div>
        )}
        {(footer.logo || footer.copyright) && (
          <div className="footer__bottom text--center">
            {footer.logo && (
              <div className="margin-bottom--sm">
                <FooterLogo logo={footer.logo} />
              </div>
            )}
            {footer.copyright && <div className="footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}
