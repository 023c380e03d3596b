// A generated-index category page: title, description, then one card per
// item of the category, inside the docs layout.
import type { PageData, SidebarItem } from '../contract.gen';
import { Link } from '../app/Link';
import { useSite } from '../app/SiteContext';
import { Content } from '../content/Content';
import { Breadcrumbs } from '../docs/Breadcrumbs';
import { DocLayout } from '../docs/DocLayout';
import { Paginator } from '../docs/Paginator';
import { firstLink } from '../docs/sidebarItems';
import { VersionBadge, VersionBanner } from '../docs/VersionBanner';

/** How many pages a category card stands for, as its default description. */
export function itemCountLabel(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

interface CardData {
  href: string;
  icon: string;
  label: string;
  description?: string;
  external: boolean;
}

/** The card an item becomes, or null for items that have nowhere to go (html, empty categories). */
export function cardOf(item: SidebarItem): CardData | null {
  if (item.type === 'html') return null;
  const label = item.label ?? '';
  if (item.type === 'category') {
    const href = firstLink(item);
    if (!href) return null;
    return { href, icon: '🗃️', label, description: item.description ?? itemCountLabel((item.items ?? []).length), external: false };
  }
  if (!item.href || item.unlisted) return null;
  return { href: item.href, icon: item.external ? '🔗' : '📄️', label, description: item.description, external: !!item.external };
}

function Card({ card }: { card: CardData }) {
  return (
    <Link to={card.href} autoAddBaseUrl={false} className="card padding--lg doc-card">
      <h2 className="text--truncate doc-card__title" title={card.label}>
        <span aria-hidden="true">{card.icon}</span> {card.label}
      </h2>
      {card.description && (
        <p className="text--truncate doc-card__description" title={card.description}>
          {card.description}
        </p>
      )}
    </Link>
  );
}

/** The page's content, for use inside the docs layout. */
export function GeneratedIndexContent({ page, hasSidebar }: { page: PageData; hasSidebar: boolean }) {
  const site = useSite();
  const doc = page.doc;
  const cards = (page.generatedIndex?.items ?? []).map(cardOf).filter((c): c is CardData => c !== null);
  const description = page.generatedIndex?.description ?? page.description;
  return (
    <div className="generated-index-page">
      {doc && <VersionBanner doc={doc} />}
      <Breadcrumbs crumbs={site.docs.breadcrumbs && hasSidebar ? (doc?.breadcrumbs ?? []) : []} />
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
              <Card card={card} />
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
