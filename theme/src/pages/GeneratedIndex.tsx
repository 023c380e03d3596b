// A generated-index category page: title, description, then the cards the
// engine made of the category's items, inside the docs layout.
import type { PageData, SidebarItem } from '../contract.gen';
import { Link } from '../app/Link';
import { useSite } from '../app/SiteContext';
import { Content } from '../content/Content';
import { DocCard, type CardLinkProps } from '../content/components/DocCardList';
import { Breadcrumbs } from '../docs/Breadcrumbs';
import { DocLayout } from '../docs/DocLayout';
import { Paginator } from '../docs/Paginator';
import { VersionBadge, VersionBanner } from '../docs/VersionBanner';
import { docsInstance } from '../shell/docsInstances';

function LinkedCard({ to, className, children }: CardLinkProps) {
  return (
    <Link to={to} autoAddBaseUrl={false} className={className}>
      {children}
    </Link>
  );
}

/** The page's content, for use inside the docs layout. */
export function GeneratedIndexContent({ page, hasSidebar }: { page: PageData; hasSidebar: boolean }) {
  const site = useSite();
  const doc = page.doc;
  const cards = page.generatedIndex?.cards ?? [];
  const description = page.generatedIndex?.description ?? page.description;
  return (
    <div className="generated-index-page">
      {doc && <VersionBanner doc={doc} />}
      <Breadcrumbs crumbs={docsInstance(site, doc?.pluginId).breadcrumbs && hasSidebar ? (doc?.breadcrumbs ?? []) : []} />
      {doc && <VersionBadge doc={doc} />}
      <header>
        <h1 className="generated-index-page__title">{page.title}</h1>
        {description && <p>{description}</p>}
      </header>
      {page.html && (
        <div className="markdown">
          <Content html={page.html} hasMermaid={page.hasMermaid} />
        </div>
      )}
      <article className="margin-top--lg">
        <ul className="generated-index" aria-label={page.title}>
          {cards.map((card, i) => (
            <li key={i} className="generated-index__item">
              <DocCard card={card} link={LinkedCard} />
            </li>
          ))}
        </ul>
      </article>
      <footer className="margin-top--lg">
        <Paginator previous={doc?.previous} next={doc?.next} />
      </footer>
    </div>
  );
}

export function GeneratedIndex({ page, sidebar }: { page: PageData; sidebar: SidebarItem[] | null }) {
  return (
    <DocLayout sidebar={sidebar} sidebarName={page.doc?.sidebar}>
      <GeneratedIndexContent page={page} hasSidebar={!!sidebar && sidebar.length > 0} />
    </DocLayout>
  );
}
