// A doc page (reference 5.7): banners, breadcrumbs, version badge, mobile
// table of contents, the content, footer and pagination, with the desktop
// table of contents beside it, all inside the docs layout.
import type { PageData, SidebarItem } from '../contract.gen';
import { useSite } from '../app/SiteContext';
import { Content } from '../content/Content';
import { docsInstance } from '../shell/docsInstances';
import { useWindowSize } from '../utils/useWindowSize';
import { Breadcrumbs } from './Breadcrumbs';
import { ContentVisibilityBanners, DocFooter } from './DocFooter';
import { DocLayout } from './DocLayout';
import { PageActions } from './PageActions';
import { Paginator } from './Paginator';
import { TOC, TOCMobile } from './TOC';
import { VersionBadge, VersionBanner } from './VersionBanner';

export function DocItem({ page, hasSidebar }: { page: PageData; hasSidebar: boolean }) {
  const site = useSite();
  const windowSize = useWindowSize();
  const doc = page.doc;
  const toc = page.toc;
  const hasTOC = !page.hideTableOfContents && toc.length > 0;
  // The desktop column exists on the server and on desktops; on mobile only
  // the collapsed block at the top of the article does.
  const desktopTOC = hasTOC && windowSize !== 'mobile';
  const crumbs = docsInstance(site, doc?.pluginId).breadcrumbs && hasSidebar ? (doc?.breadcrumbs ?? []) : [];
  return (
    <div className="row">
      <div className={`col doc-item-col${desktopTOC ? ' doc-item-col--with-toc' : ''}`}>
        {doc && <ContentVisibilityBanners doc={doc} />}
        {doc && <VersionBanner doc={doc} />}
        <div className="doc-item-container">
          <article>
            <Breadcrumbs crumbs={crumbs} />
            {doc && <VersionBadge doc={doc} />}
            {site.pageMarkdown && <PageActions routePath={page.path} />}
            {hasTOC && <TOCMobile items={toc} />}
            <div className="theme-doc-markdown markdown">
              {!page.hideTitle && (
                <header>
                  <h1>{page.title}</h1>
                </header>
              )}
              <Content html={page.html} hasMermaid={page.hasMermaid} />
            </div>
            {doc && <DocFooter doc={doc} />}
          </article>
          <Paginator previous={doc?.previous} next={doc?.next} />
        </div>
      </div>
      {desktopTOC && (
        <div className="col col--3 doc-toc-col">
          <TOC items={toc} />
        </div>
      )}
    </div>
  );
}

/** A doc: sidebar, breadcrumbs, content, table of contents, pagination. */
export function DocPage({ page, sidebar }: { page: PageData; sidebar: SidebarItem[] | null }) {
  return (
    <DocLayout sidebar={sidebar} sidebarName={page.doc?.sidebar}>
      <DocItem page={page} hasSidebar={!!sidebar && sidebar.length > 0} />
    </DocLayout>
  );
}
