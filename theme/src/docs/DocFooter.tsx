// Around a doc's content: the unlisted and draft banners (reference 10.1) and
// the footer with tags, "Edit this page" and "Last updated" (reference 5.7).
import type { DocMeta, LastUpdate } from '../contract.gen';
import { Link } from '../app/Link';
import { Admonition } from '../content/components/Admonition';
import { useTranslate } from '../app/translate';

function Banner({ className, title, children }: { className: string; title: string; children: string }) {
  return (
    <Admonition type="caution" title={title} className={className}>
      <p>{children}</p>
    </Admonition>
  );
}

/** Banners for pages readers cannot find on their own. */
export function ContentVisibilityBanners({ doc }: { doc: Pick<DocMeta, 'unlisted' | 'draft'> }) {
  return (
    <>
      {doc.unlisted && (
        <Banner className="theme-unlisted-banner" title="Unlisted page">
          This page is unlisted. Search engines will not index it, and only users having a direct link can access it.
        </Banner>
      )}
      {doc.draft && (
        <Banner className="theme-draft-banner" title="Draft page">
          This page is a draft. It will only be visible in dev and be excluded from the production build.
        </Banner>
      )}
    </>
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Jan 5, 2025" for a date that starts YYYY-MM-DD, in UTC like the site
 * being replaced. Formatted by hand: the server bundle runs without Intl,
 * and server and browser must print the same text.
 */
export function formatLastUpdateDate(date: string): { text: string; iso: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const m = Number(month);
  if (m < 1 || m > 12) return null;
  return { text: `${MONTHS[m - 1]} ${Number(day)}, ${year}`, iso: `${year}-${month}-${day}` };
}

function LastUpdated({ lastUpdate }: { lastUpdate: LastUpdate }) {
  const date = lastUpdate.date ? formatLastUpdateDate(lastUpdate.date) : null;
  return (
    <span className="theme-last-updated">
      Last updated
      {(date || lastUpdate.date) && (
        <>
          {' on '}
          <b>{date ? <time dateTime={date.iso}>{date.text}</time> : lastUpdate.date}</b>
        </>
      )}
      {lastUpdate.author && (
        <>
          {' by '}
          <b>{lastUpdate.author}</b>
        </>
      )}
    </span>
  );
}

function EditIcon() {
  return (
    <svg fill="currentColor" height="20" width="20" viewBox="0 0 40 40" aria-hidden="true" className="theme-edit-this-page__icon">
      <path d="m34.5 11.7l-3 3.1-6.3-6.3 3.1-3q0.5-0.5 1.2-0.5t1.1 0.5l3.9 3.9q0.5 0.4 0.5 1.1t-0.5 1.2z m-29.5 17.1l18.4-18.5 6.3 6.3-18.4 18.4h-6.3v-6.2z" />
    </svg>
  );
}

/** Tags, the edit link and the last update, when the doc has any of them. */
export function DocFooter({ doc }: { doc: DocMeta }) {
  const tags = doc.tags ?? [];
  const lastUpdate = doc.lastUpdate && (doc.lastUpdate.date || doc.lastUpdate.author) ? doc.lastUpdate : undefined;
  const t = useTranslate();
  if (tags.length === 0 && !doc.editUrl && !lastUpdate) return null;
  return (
    <footer className="theme-doc-footer docusaurus-mt-lg">
      {tags.length > 0 && (
        <div className="row margin-top--sm theme-doc-footer-tags-row">
          <div className="col">
            <b>{t('theme.tags.tagsListLabel', 'Tags:')}</b>
            <ul className="tags">
              {tags.map((tag) => (
                <li className="tags__item" key={tag}>
                  <span className="tag">{tag}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {(doc.editUrl || lastUpdate) && (
        <div className="row margin-top--sm theme-doc-footer-edit-meta-row">
          <div className="col">
            {doc.editUrl && (
              <Link to={doc.editUrl} className="theme-edit-this-page">
                <EditIcon />
                {t('theme.common.editThisPage', 'Edit this page')}
              </Link>
            )}
          </div>
          <div className="col last-updated-col">{lastUpdate && <LastUpdated lastUpdate={lastUpdate} />}</div>
        </div>
      )}
    </footer>
  );
}
