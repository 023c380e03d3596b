import type { PageData } from '../contract.gen';
import { Content } from '../content/Content';
import { TOC } from '../docs/TOC';
import { useWindowSize } from '../utils/useWindowSize';

/** A standalone Markdown page (terms of service and the like), with its table of contents beside it on desktops. */
export function MarkdownPage({ page }: { page: PageData }) {
  const windowSize = useWindowSize();
  const toc = page.toc;
  const showTOC = !page.hideTableOfContents && toc.length > 0 && windowSize !== 'mobile';
  // A React page lays out its own main area, as under Docusaurus's Layout.
  if (page.bare) return <Content html={page.html} className="react-page" />;
  return (
    <main className="container container--fluid margin-vert--lg">
      <div className="row markdown-page">
        <div className={`col${showTOC ? ' col--8' : ' col--8 col--offset-2'}`}>
          <article className="markdown">
            {!page.hideTitle && (
              <header>
                <h1>{page.title}</h1>
              </header>
            )}
            <Content html={page.html} hasMermaid={page.hasMermaid} />
          </article>
        </div>
        {showTOC && (
          <div className="col col--2 doc-toc-col">
            <TOC items={toc} />
          </div>
        )}
      </div>
    </main>
  );
}
