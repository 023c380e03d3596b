// Doc cards: the items of a generated index page (pages/GeneratedIndex.tsx)
// and of <DocCardList> in a doc's Markdown, which the engine fills with the
// category's items or those given. One card markup for both.
import type { ComponentType, ReactNode } from 'react';
import type { IndexCard } from '../../contract.gen';
import { resolveLink } from '../../app/Link';

/** The icon a card shows: a category, an external link or a page. */
export function cardIcon(card: IndexCard): string {
  if (card.type === 'category') return '🗃️';
  return card.external ? '🔗' : '📄️';
}

export interface CardLinkProps {
  to: string;
  className: string;
  children: ReactNode;
}

/**
 * A card's link inside a page's content, which is rendered on its own
 * (without the router): the content's client-side navigation handles its
 * clicks (content/links.ts). The URL is complete.
 */
export function ContentLink({ to, className, children }: CardLinkProps) {
  const { url, external } = resolveLink(to, '', { autoAddBaseUrl: false });
  return (
    <a href={url} className={className} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

export function DocCard({ card, link: CardLink }: { card: IndexCard; link: ComponentType<CardLinkProps> }) {
  return (
    <CardLink to={card.href} className="card padding--lg doc-card">
      <h2 className="text--truncate doc-card__title" title={card.label}>
        <span aria-hidden="true">{cardIcon(card)}</span> {card.label}
      </h2>
      {card.description && (
        <p className="text--truncate doc-card__description" title={card.description}>
          {card.description}
        </p>
      )}
    </CardLink>
  );
}

/** <DocCardList> in Markdown: the cards the engine resolved. */
export function DocCardList({ items }: { items: IndexCard[] }) {
  return (
    <ul className="generated-index doc-card-list">
      {items.map((card, i) => (
        <li key={i} className="generated-index__item">
          <DocCard card={card} link={ContentLink} />
        </li>
      ))}
    </ul>
  );
}
