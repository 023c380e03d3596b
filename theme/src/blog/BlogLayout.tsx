// The blog's layout (Docusaurus's BlogLayout): the recent-posts sidebar,
// the main column, and a post's table of contents on desktops.
import type { ReactNode } from 'react';
import type { BlogSidebar as BlogSidebarData, TOCItem } from '../contract.gen';
import { TOC } from '../docs/TOC';
import { useWindowSize } from '../utils/useWindowSize';
import { BlogSidebar } from './BlogSidebar';

interface BlogLayoutProps {
  sidebar: BlogSidebarData;
  /** The page's path, which the sidebar marks. */
  path: string;
  toc?: TOCItem[];
  children: ReactNode;
}

export function BlogLayout({ sidebar, path, toc, children }: BlogLayoutProps) {
  const windowSize = useWindowSize();
  const hasSidebar = sidebar.items.length > 0;
  const showTOC = !!toc && toc.length > 0 && windowSize !== 'mobile';
  return (
    <div className="container margin-vert--lg">
      <div className="row">
        {hasSidebar && <BlogSidebar sidebar={sidebar} currentPath={path} />}
        <main className={`col ${hasSidebar ? 'col--7' : 'col--9 col--offset-1'}`}>{children}</main>
        {showTOC && (
          <div className="col col--2 doc-toc-col">
            <TOC items={toc} />
          </div>
        )}
      </div>
    </div>
  );
}
