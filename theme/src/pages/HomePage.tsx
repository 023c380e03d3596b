import type { PageData } from '../contract.gen';
import { Link } from '../app/Link';
import { Content } from '../content/Content';

interface Action {
  label?: string;
  to?: string;
}

interface Feature {
  title?: string;
  description?: string;
  to?: string;
}

/** The home layout: hero with actions, feature cards, then the page's Markdown. */
export function HomePage({ page }: { page: PageData }) {
  const hero = (page.home?.hero ?? {}) as { title?: string; tagline?: string; actions?: Action[] };
  const features = (page.home?.features ?? []) as Feature[];
  return (
    <main className="home">
      <header className="hero hero--primary">
        <div className="container">
          <h1 className="hero__title">{hero.title ?? page.title}</h1>
          {hero.tagline && <p className="hero__subtitle">{hero.tagline}</p>}
          {hero.actions && (
            <div className="hero__actions">
              {hero.actions.map((a, i) => (
                <Link key={i} to={a.to} className={`button button--lg ${i === 0 ? 'button--secondary' : 'button--outline button--secondary'}`}>
                  {a.label}
                </Link>
              ))}
            </div>
          )}
        </div>
      </header>
      {features.length > 0 && (
        <section className="container features" aria-label="Start here">
          <ul className="features__grid">
            {features.map((f, i) => (
              <li className="card feature-card" key={i}>
                <h2 className="feature-card__title">{f.to ? <Link to={f.to}>{f.title}</Link> : f.title}</h2>
                {f.description && <p>{f.description}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {page.html && (
        <section className="container home__body">
          <Content html={page.html} className="markdown" hasMermaid={page.hasMermaid} />
        </section>
      )}
    </main>
  );
}
