import type { Crumb } from '../contract.gen';
import { Link } from '../app/Link';
import { useSite } from '../app/SiteContext';
import { translate } from '../app/translate';

/** Breadcrumbs from the active sidebar (reference 2.12), with BreadcrumbList structured data. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const site = useSite();
  if (crumbs.length === 0) return null;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs
      .filter((c) => c.href)
      .map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.label, item: site.url + c.href })),
  };
  return (
    <nav className="theme-doc-breadcrumbs breadcrumbs-nav" aria-label="Breadcrumbs">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, '\\u003c') }} />
      <ul className="breadcrumbs">
        <li className="breadcrumbs__item">
          <Link to="/" className="breadcrumbs__link" aria-label={translate(site, 'theme.docs.breadcrumbs.home', 'Home page')}>
            <svg viewBox="0 0 24 24" className="breadcrumbs__home-icon" width="16" height="16" aria-hidden="true">
              <path d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" fill="currentColor" />
            </svg>
          </Link>
        </li>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li className={`breadcrumbs__item${last ? ' breadcrumbs__item--active' : ''}`} key={i}>
              {last || !c.href ? (
                <span className="breadcrumbs__link" aria-current={last ? 'page' : undefined}>
                  {c.label}
                </span>
              ) : (
                <Link to={c.href} className="breadcrumbs__link">
                  <span>{c.label}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
