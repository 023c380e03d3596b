import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageData } from '../contract.gen';
import { renderWithSite } from '../shell/test-utils';
import { docPage, fixtureSidebar } from '../docs/testFixtures';
import { GeneratedIndex } from './GeneratedIndex';
import { cardIcon } from '../content/components/DocCardList';
import { HomePage } from './HomePage';
import { MarkdownPage } from './MarkdownPage';
import { NotFound } from './NotFound';

function indexPage(): PageData {
  const page = docPage({ path: '/docs/category/apis/', kind: 'generated-index', title: 'APIs', html: '', toc: [] });
  page.doc = {
    id: '',
    version: 'current',
    sidebar: 'docs',
    breadcrumbs: [{ label: 'APIs', href: '/docs/category/apis/' }],
    previous: { title: 'Registration', permalink: '/docs/getting-started/registration/' },
  };
  // The cards the engine makes of fixtureSidebar(): html items, unlisted
  // links and empty categories make none (internal/pipeline's
  // TestIndexCards checks the choosing).
  page.generatedIndex = {
    description: 'Every API Quillmoor offers.',
    cards: [
      { type: 'link', href: '/docs/introduction/', label: 'Introduction' },
      { type: 'category', href: '/docs/getting-started/', label: 'Getting started', description: '3 items' },
      { type: 'category', href: '/docs/api/ccd/', label: 'APIs', description: '2 items' },
      { type: 'category', href: '/docs/reference/glossary/', label: 'Reference', description: '1 item' },
      { type: 'link', href: 'https://hl7.org/fhir/R4/', label: 'FHIR specification', external: true },
    ],
  };
  return page;
}

describe('GeneratedIndex', () => {
  it('shows the title, the description and one card per item that leads somewhere', () => {
    renderWithSite(<GeneratedIndex page={indexPage()} sidebar={fixtureSidebar()} />, { page: indexPage() });
    expect(screen.getByRole('heading', { level: 1, name: 'APIs' })).toBeInTheDocument();
    expect(screen.getByText('Every API Quillmoor offers.')).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'APIs' })).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([
      '/docs/introduction/',
      '/docs/getting-started/',
      '/docs/api/ccd/',
      '/docs/reference/glossary/',
      'https://hl7.org/fhir/R4/',
    ]);
    const apis = cards[2];
    expect(within(apis).getByRole('heading', { level: 2 })).toHaveTextContent('🗃️ APIs');
    expect(apis).toHaveTextContent('2 items');
    expect(within(cards[0]).getByRole('heading', { level: 2 })).toHaveTextContent('📄️ Introduction');
    expect(within(cards[4]).getByRole('heading', { level: 2 })).toHaveTextContent('🔗 FHIR specification');
    expect(cards[4]).toHaveAttribute('target', '_blank');
  });

  it('sits in the docs layout with sidebar, breadcrumbs and pagination', () => {
    renderWithSite(<GeneratedIndex page={indexPage()} sidebar={fixtureSidebar()} />, { page: indexPage() });
    expect(screen.getByRole('navigation', { name: 'Docs sidebar' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumbs' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Docs pages' })).toBeInTheDocument();
  });

  it('shows a category, a page and an external link each with its icon', () => {
    expect(cardIcon({ type: 'category', href: '/a/', label: 'A' })).toBe('🗃️');
    expect(cardIcon({ type: 'link', href: '/b/', label: 'B' })).toBe('📄️');
    expect(cardIcon({ type: 'link', href: 'https://c.example/', label: 'C', external: true })).toBe('🔗');
  });
});

describe('MarkdownPage', () => {
  const page = (overrides: Partial<PageData> = {}): PageData => ({
    path: '/terms-of-service/',
    kind: 'page',
    title: 'Terms of Service',
    canonical: 'https://developer.example.org/terms-of-service/',
    alternates: [],
    html: '<h2 id="use" class="anchor">Use</h2><p>Be kind.</p><table><tr><td>wide</td></tr></table>',
    toc: [{ value: 'Use', id: 'use', level: 2 }],
    ...overrides,
  });

  it('shows the title, the content and a table of contents', () => {
    renderWithSite(<MarkdownPage page={page()} />, { page: page() });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Be kind.').closest('article')).toHaveClass('markdown');
    expect(within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', { name: 'Use' })).toHaveAttribute('href', '#use');
  });

  it('has no table of contents when hidden', () => {
    renderWithSite(<MarkdownPage page={page({ hideTableOfContents: true })} />, { page: page() });
    expect(screen.queryByRole('navigation', { name: 'On this page' })).toBeNull();
  });
});

describe('HomePage', () => {
  it('shows the hero with its actions and the feature cards', () => {
    const page: PageData = {
      path: '/',
      kind: 'home',
      title: 'Quillmoor Developer Portal',
      canonical: 'https://developer.example.org/',
      alternates: [],
      html: '<h2 id="who" class="anchor">Who this portal is for</h2>',
      toc: [],
      home: {
        hero: { title: 'Quillmoor Developer Portal', tagline: 'Connect apps.', actions: [{ label: 'Get started', to: '/docs/getting-started/authorization/' }] },
        features: [{ title: 'Sandbox', description: 'Synthetic patients.', to: '/docs/gettings-started/sandbox/' }, { title: 'No link' }],
      },
    };
    renderWithSite(<HomePage page={page} />, { page });
    expect(screen.getByRole('heading', { level: 1, name: 'Quillmoor Developer Portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/docs/getting-started/authorization/');
    const features = screen.getByRole('region', { name: 'Start here' });
    expect(within(features).getByRole('link', { name: 'Sandbox' })).toHaveAttribute('href', '/docs/gettings-started/sandbox/');
    expect(within(features).getByRole('heading', { name: 'No link' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who this portal is for' })).toBeInTheDocument();
  });
});

describe('NotFound', () => {
  it('says the page was not found, in the texts of the site being replaced', () => {
    renderWithSite(<NotFound />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('We could not find what you were looking for.')).toBeInTheDocument();
    expect(
      screen.getByText('Please contact the owner of the site that linked you to the original URL and let them know their link is broken.'),
    ).toBeInTheDocument();
  });
});
