// Sidebar and page fixtures for the docs tests, typed against the contract.
import type { PageData, SidebarItem, TOCItem } from '../contract.gen';

/**
 * A sidebar with every item kind: links, a category with a page, one
 * without, nesting, html, unlisted. Each category carries what the engine
 * writes of it (firstLink, paths), as internal/sidebar's facts give them.
 */
export function fixtureSidebar(): SidebarItem[] {
  return [
    { type: 'link', label: 'Introduction', href: '/docs/introduction/', docId: 'introduction' },
    {
      type: 'category',
      label: 'Getting started',
      href: '/docs/getting-started/',
      docId: 'getting-started/index',
      collapsible: true,
      collapsed: true,
      firstLink: '/docs/getting-started/',
      paths: ['/docs/getting-started/', '/docs/getting-started/authorization/', '/docs/getting-started/registration/', '/docs/getting-started/secret/'],
      items: [
        { type: 'link', label: 'Authorization', href: '/docs/getting-started/authorization/', docId: 'getting-started/authorization' },
        { type: 'link', label: 'Registration', href: '/docs/getting-started/registration/', docId: 'getting-started/registration' },
        { type: 'link', label: 'Secret page', href: '/docs/getting-started/secret/', docId: 'getting-started/secret', unlisted: true },
      ],
    },
    {
      type: 'category',
      label: 'APIs',
      collapsible: true,
      collapsed: true,
      firstLink: '/docs/api/ccd/',
      paths: ['/docs/api/ccd/', '/docs/api/fhir/', '/docs/api/fhir/r4/'],
      items: [
        { type: 'link', label: 'CCD API', href: '/docs/api/ccd/', docId: 'api/ccd' },
        {
          type: 'category',
          label: 'FHIR',
          href: '/docs/api/fhir/',
          collapsible: true,
          collapsed: true,
          firstLink: '/docs/api/fhir/',
          paths: ['/docs/api/fhir/', '/docs/api/fhir/r4/'],
          items: [{ type: 'link', label: 'R4', href: '/docs/api/fhir/r4/', docId: 'api/fhir/r4' }],
        },
      ],
    },
    {
      type: 'category',
      label: 'Reference',
      collapsible: false,
      firstLink: '/docs/reference/glossary/',
      paths: ['/docs/reference/glossary/'],
      items: [{ type: 'link', label: 'Glossary', href: '/docs/reference/glossary/', docId: 'reference/glossary' }],
    },
    { type: 'link', label: 'FHIR specification', href: 'https://hl7.org/fhir/R4/', external: true },
    { type: 'html', value: '<span class="sidebar-note">Need help?</span>', defaultStyle: true },
  ];
}

export function fixtureTOC(): TOCItem[] {
  return [
    { value: 'Before you start', id: 'before-you-start', level: 2 },
    {
      value: 'Request a <code>token</code>',
      id: 'request-a-token',
      level: 2,
      children: [
        { value: 'Scopes', id: 'scopes', level: 3 },
        { value: 'PKCE', id: 'pkce', level: 3 },
      ],
    },
  ];
}

export function docPage(overrides: Partial<PageData> = {}): PageData {
  return {
    path: '/docs/getting-started/authorization/',
    kind: 'doc',
    title: 'Authorization',
    canonical: 'https://developer.example.org/docs/getting-started/authorization/',
    alternates: [],
    html: '<p>Request a token.</p>',
    toc: fixtureTOC(),
    doc: {
      id: 'getting-started/authorization',
      version: 'current',
      sidebar: 'docs',
      breadcrumbs: [
        { label: 'Getting started', href: '/docs/getting-started/' },
        { label: 'Authorization', href: '/docs/getting-started/authorization/' },
      ],
      previous: { title: 'Introduction', permalink: '/docs/introduction/' },
      next: { title: 'Registration', permalink: '/docs/getting-started/registration/' },
    },
    ...overrides,
  };
}
