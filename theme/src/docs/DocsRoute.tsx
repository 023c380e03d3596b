// Every docs route (a doc or a generated-index page) in one docs layout, so
// that moving between them keeps the layout mounted: the hidden-sidebar
// state and expanded categories survive, as in the site being replaced
// (its DocRoot). App's PageBody can render this for both kinds.
import type { PageData, SidebarItem } from '../contract.gen';
import { GeneratedIndexContent } from '../pages/GeneratedIndex';
import { DocLayout } from './DocLayout';
import { DocItem } from './DocPage';

export function DocsRoute({ page, sidebar }: { page: PageData; sidebar: SidebarItem[] | null }) {
  const hasSidebar = !!sidebar && sidebar.length > 0;
  return (
    <DocLayout sidebar={sidebar} sidebarName={page.doc?.sidebar}>
      {page.kind === 'generated-index' ? <GeneratedIndexContent page={page} hasSidebar={hasSidebar} /> : <DocItem page={page} hasSidebar={hasSidebar} />}
    </DocLayout>
  );
}
