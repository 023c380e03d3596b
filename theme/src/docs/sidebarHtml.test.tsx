// The server writes the sidebar as one string (sidebarMenuHtml); the
// browser renders it with DocSidebar's React components and hydrates
// against that markup. The first React render (what hydration compares)
// must therefore give exactly the same elements.
import { renderToString, renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SidebarItem } from '../contract.gen';
import { SiteProvider } from '../app/SiteContext';
import { StaticRouter } from '../app/router';
import { ExternalIcon } from '../shell/Footer';
import { fixtureSite } from '../shell/test-utils';
import { DocSidebarMenu } from './DocSidebar';
import { setExternalIconHtml, sidebarMenuHtml } from './sidebarHtml';
import { docPage, fixtureSidebar } from './testFixtures';

const items: SidebarItem[] = [
  ...fixtureSidebar(),
  { type: 'link', label: 'Quotes & "marks" <b>', href: '/docs/q/?a=1&b=2', docId: 'q', className: 'extra' },
  {
    type: 'category',
    label: 'Open by default',
    collapsible: true,
    collapsed: false,
    className: 'cat-class',
    firstLink: '/docs/open/inside/',
    paths: ['/docs/open/inside/'],
    items: [{ type: 'link', label: 'Inside', href: '/docs/open/inside/' }],
  },
];

beforeAll(() => setExternalIconHtml(renderToStaticMarkup(<ExternalIcon />)));

function reactList(pathname: string): HTMLUListElement {
  const html = renderToString(
    <SiteProvider site={fixtureSite()}>
      <StaticRouter location={{ pathname, search: '', hash: '' }} page={docPage({ path: pathname })} sidebar={items}>
        <DocSidebarMenu items={items} />
      </StaticRouter>
    </SiteProvider>,
  );
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.querySelector('ul')!;
}

function stringList(pathname: string): HTMLUListElement {
  const ul = document.createElement('ul');
  ul.className = 'theme-doc-sidebar-menu menu__list';
  ul.innerHTML = sidebarMenuHtml(items, pathname, 'sidebar');
  return ul;
}

describe('sidebarMenuHtml', () => {
  it.each([
    ['outside the sidebar', '/docs/elsewhere/'],
    ['on a top-level link', '/docs/introduction/'],
    ['on a category page', '/docs/getting-started/'],
    ['inside a category', '/docs/getting-started/registration/'],
    ['on an unlisted page', '/docs/getting-started/secret/'],
    ['two levels down', '/docs/api/fhir/r4/'],
  ])('gives the elements React renders %s', (_, pathname) => {
    const fromReact = reactList(pathname);
    const fromString = stringList(pathname);
    expect(fromString.children.length).toBeGreaterThan(0);
    expect(fromString.outerHTML.length).toBeGreaterThan(100);
    // isEqualNode compares element trees, attributes in any order.
    if (!fromString.isEqualNode(fromReact)) expect(fromString.outerHTML).toBe(fromReact.outerHTML);
  });
});
