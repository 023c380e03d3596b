import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteProvider } from '../app/SiteContext';
import { StaticRouter } from '../app/router';
import { BANNER_CONTAINER_ID, BaseUrlIssueBanner, baseUrlIssueScript } from './BaseUrlIssueBanner';
import { ColorModeProvider } from './colorMode';
import { Footer } from './Footer';
import { Layout } from './Layout';
import { MAIN_CONTENT_ID } from './SkipToContent';
import { fixturePage, fixtureSite, renderWithSite, siteWithTheme, stubMatchMedia } from './test-utils';

beforeEach(() => stubMatchMedia());
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { __portalHydrated?: boolean }).__portalHydrated;
});

describe('Layout', () => {
  it('orders skip link, navbar, main wrapper and footer', () => {
    renderWithSite(
      <Layout>
        <main>Page</main>
      </Layout>,
      { shell: false },
    );
    const region = screen.getByRole('region', { name: 'Skip to main content' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const wrapper = document.getElementById(MAIN_CONTENT_ID)!;
    const footer = screen.getByRole('contentinfo');
    expect(region.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(nav.compareDocumentPosition(wrapper) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(wrapper.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(wrapper).toHaveClass('theme-layout-main', 'main-wrapper');
  });

  it('marks keyboard and mouse navigation on the body', () => {
    renderWithSite(<Layout>x</Layout>, { shell: false });
    expect(document.body).toHaveClass('navigation-with-keyboard');
    fireEvent.mouseDown(document.body);
    expect(document.body).not.toHaveClass('navigation-with-keyboard');
    expect(document.body).toHaveClass('navigation-with-mouse');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    expect(document.body).toHaveClass('navigation-with-keyboard');
  });
});

describe('skip to main content', () => {
  const link = () => screen.getByRole('link', { name: 'Skip to main content' });

  it('is the first link and focuses the page’s main element', () => {
    renderWithSite(
      <Layout>
        <main data-testid="main">Page</main>
      </Layout>,
      { shell: false },
    );
    expect(screen.getAllByRole('link')[0]).toBe(link());
    expect(link()).toHaveAttribute('href', `#${MAIN_CONTENT_ID}`);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => {
      link().dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    const main = screen.getByTestId('main');
    expect(main).toHaveFocus();
    // The temporary tabindex goes when focus moves on.
    expect(main).toHaveAttribute('tabindex', '-1');
    act(() => link().focus());
    expect(main).not.toHaveAttribute('tabindex');
  });

  it('falls back to the main wrapper', () => {
    renderWithSite(<Layout>Page</Layout>, { shell: false });
    fireEvent.click(link());
    expect(document.getElementById(MAIN_CONTENT_ID)).toHaveFocus();
  });

  it('takes focus back after a navigation without a hash, not after one with a hash, a replaced entry or Back', () => {
    const view = renderWithSite(<Layout>Page</Layout>, { shell: false });
    const region = screen.getByRole('region', { name: 'Skip to main content' });
    act(() => view.navigateTo({ pathname: '/docs/api/ccd/' }));
    expect(region).toHaveFocus();
    act(() => link().focus());
    act(() => view.navigateTo({ pathname: '/docs/api/ccd/', hash: '#ccd' }));
    expect(link()).toHaveFocus();
    act(() => view.navigateTo({ pathname: '/docs/api/ccd/', search: '?q=ccd' }, undefined, 'replace'));
    expect(link()).toHaveFocus();
    act(() => view.navigateTo({ pathname: '/docs/introduction/' }, undefined, 'pop'));
    expect(link()).toHaveFocus();
    act(() => view.navigateTo({ pathname: '/docs/api/' }));
    expect(region).toHaveFocus();
  });
});

describe('Footer', () => {
  it('renders link columns, the logo and the copyright', () => {
    renderWithSite(<Footer />);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveClass('theme-layout-footer', 'footer', 'footer--dark');
    const column = footer.querySelector('.footer__col') as HTMLElement;
    expect(within(column).getByRole('heading', { name: 'Provider APIs' })).toHaveClass('footer__title');
    expect(within(column).getByRole('link', { name: 'Patient Access API' })).toHaveAttribute('href', '/docs/api/fhir/certified/provider/patient-access');
    const external = within(column).getByRole('link', { name: 'FHIR Validator' });
    expect(external).toHaveAttribute('href', 'https://validator.fhir.org/');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external.querySelector('svg')).not.toBeNull();
    expect(column.querySelector('li.footer__item span.custom')).toHaveTextContent('Raw');
    const logo = within(footer).getByRole('img', { name: 'Quillmoor Health Exchange' });
    expect(logo).toHaveAttribute('width', '350');
    expect(logo).toHaveAttribute('height', '60');
    expect(footer.querySelector('.footer__copyright')).toHaveTextContent('Copyright © 2025 Quillmoor Health Exchange.');
  });

  it('renders the light style and nothing without a footer', () => {
    const base = fixtureSite().themeConfig.footer!;
    const view = renderWithSite(<Footer />, { site: siteWithTheme({ footer: { ...base, style: 'light' } }) });
    expect(screen.getByRole('contentinfo')).not.toHaveClass('footer--dark');
    view.unmount();
    renderWithSite(<Footer />, { site: siteWithTheme({ footer: undefined }) });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('renders both logo variants on the server and only the current one once hydrated', () => {
    const base = fixtureSite().themeConfig.footer!;
    const site = siteWithTheme({ footer: { ...base, logo: { ...base.logo!, srcDark: 'img/logo-wide-dark.svg' } } });
    const serverHtml = renderToString(
      <SiteProvider site={site}>
        <StaticRouter location={{ pathname: '/', search: '', hash: '' }} page={fixturePage()} sidebar={null}>
          <ColorModeProvider>
            <Footer />
          </ColorModeProvider>
        </StaticRouter>
      </SiteProvider>,
    );
    expect(serverHtml).toContain('themed--light');
    expect(serverHtml).toContain('/img/logo-wide-dark.svg');
    renderWithSite(<Footer />, { site });
    expect(screen.getAllByRole('img', { name: 'Quillmoor Health Exchange' })).toHaveLength(1);
  });
});

describe('base-URL issue banner', () => {
  const home = fixturePage({ path: '/', kind: 'home', doc: undefined });

  function serverRender(pathname: string, site = fixtureSite()) {
    return renderToString(
      <SiteProvider site={site}>
        <StaticRouter location={{ pathname, search: '', hash: '' }} page={home} sidebar={null}>
          <BaseUrlIssueBanner />
        </StaticRouter>
      </SiteProvider>,
    );
  }

  it('is in the server HTML of the home page only, and only when enabled', () => {
    expect(serverRender('/')).toContain(`id="${BANNER_CONTAINER_ID}"`);
    expect(serverRender('/')).toContain('<script>');
    expect(serverRender('/docs/introduction/')).toBe('');
    expect(serverRender('/', fixtureSite({ baseUrlIssueBanner: false }))).toBe('');
  });

  it('fills the container with the suggestion when the client bundle never ran', () => {
    const container = document.createElement('div');
    container.id = BANNER_CONTAINER_ID;
    document.body.appendChild(container);
    window.history.replaceState(null, '', '/wrong/base');
    new Function(baseUrlIssueScript('/'))();
    expect(container.textContent).toContain('Your Portal site did not load properly.');
    expect(container.textContent).toContain('A very common reason is a wrong site baseUrl configuration.');
    expect(container.textContent).toContain('Current configured baseUrl = / (default value)');
    expect(container.textContent).toContain('We suggest trying baseUrl = /wrong/base/');
    expect(container.querySelector('#__portal-base-url-issue-banner-suggestion-container')).toHaveTextContent('/wrong/base/');
    container.remove();
    window.history.replaceState(null, '', '/');
  });

  it('stays empty when the page hydrated', () => {
    const container = document.createElement('div');
    container.id = BANNER_CONTAINER_ID;
    document.body.appendChild(container);
    (window as { __portalHydrated?: boolean }).__portalHydrated = true;
    new Function(baseUrlIssueScript('/portal/'))();
    expect(container).toBeEmptyDOMElement();
    container.remove();
  });

  it('is gone once the page is hydrated', () => {
    renderWithSite(<BaseUrlIssueBanner />, { page: home, location: { pathname: '/' } });
    expect(document.getElementById(BANNER_CONTAINER_ID)).toBeNull();
  });
});
