import type { NavLink } from '../contract.gen';
import { Link } from '../app/Link';
import { useTranslate } from '../app/translate';

/** Previous / next links at the end of a doc (reference 5.7). */
export function Paginator({ previous, next }: { previous?: NavLink | null; next?: NavLink | null }) {
  const t = useTranslate();
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav docusaurus-mt-lg" aria-label={t('theme.docs.paginator.navAriaLabel', 'Docs pages')}>
      {previous && (
        <Link to={previous.permalink} className="pagination-nav__link pagination-nav__link--prev">
          <div className="pagination-nav__sublabel">{t('theme.docs.paginator.previous', 'Previous')}</div>
          <div className="pagination-nav__label">{previous.title}</div>
        </Link>
      )}
      {next && (
        <Link to={next.permalink} className="pagination-nav__link pagination-nav__link--next">
          <div className="pagination-nav__sublabel">{t('theme.docs.paginator.next', 'Next')}</div>
          <div className="pagination-nav__label">{next.title}</div>
        </Link>
      )}
    </nav>
  );
}
