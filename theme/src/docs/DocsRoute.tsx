// Every docs route (a doc or a generated-index page) in one docs layout, so
// that moving between them keeps the layout mounted: the hidden-sidebar
// state and expanded categories survive, as in the site being replaced
// (its DocRoot). App's PageBody can render this for both kinds.
import { createContext, useContext } from 'react';
import type { PageData, SidebarItem } from '../contract.gen';
import { GeneratedIndexContent } from '../pages/GeneratedIndex';
import { DocLayout } from './DocLayout';
import { DocItem } from './DocPage';

/**
 * True in a prerender whose engine writes the doc's main area itself
 * (RenderInput.docMain; internal/docmain in Go, held byte for byte to what
 * this component writes by the pipeline's equivalence tests): the server
 * entry provides it, and this route then writes only a placeholder.
 */
export const EngineWritesDocMain = createContext(false);

/** What the engine replaces with the doc's main area (docmain.Placeholder). */
export const DOC_MAIN_PLACEHOLDER = '<!--portal:doc-main-->';

export function DocsRoute({ page, sidebar }: { page: PageData; sidebar: SidebarItem[] | null }) {
  if (useContext(EngineWritesDocMain) && page.kind === 'doc') return <div dangerouslySetInnerHTML={{ __html: DOC_MAIN_PLACEHOLDER }} />;
  const hasSidebar = !!sidebar && sidebar.length > 0;
  return (
    <DocLayout sidebar={sidebar} sidebarName={page.doc?.sidebar}>
      {page.kind === 'generated-index' ? <GeneratedIndexContent page={page} hasSidebar={hasSidebar} /> : <DocItem page={page} hasSidebar={hasSidebar} />}
    </DocLayout>
  );
}
