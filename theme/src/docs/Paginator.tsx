import type { NavLink } from '../contract.gen';
import { Link } from '../app/Link';

/** Previous / next links at the end of a doc (reference 5.7). */
export function Paginator({ previous, next }: { previous?: NavLink | null; next?: NavLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav className="pagination-nav docusaurus-mt-lg" aria-label="Docs pages">
      {previous && (
        <Link to={previous.permalink} className="pagination-nav__link pagination-nav__link--prev">
          <div className="pagination-nav__sublabel">Previous</div>
          <div className="pagination-nav__label">{previous.title}</div>
        </Link>
      )}
      {next && (
        <Link to={next.permalink} className="pagination-nav__link pagination-nav__link--next">
          <div className="pagination-nav__sublabel">Next</div>
          <div className="pagination-nav__label">{next.title}</div>
        </Link>
      )}
    </nav>
  );
}
