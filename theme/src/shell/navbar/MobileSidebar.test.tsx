import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Navbar } from './Navbar';
import { SecondaryMenuFiller } from './secondaryMenu';
import { fixturePage, fixtureSite, renderWithSite, setWindowWidth, stubMatchMedia } from '../test-utils';

const toggleButton = () => screen.getByRole('button', { name: 'Toggle navigation bar' });
const nav = () => screen.getByRole('navigation', { name: 'Main' });
const panel = () => screen.getByRole('dialog', { name: 'Navigation bar' });
const primary = () => panel().querySelector('.navbar-sidebar__item--primary') as HTMLElement;
const secondary = () => panel().querySelector('.navbar-sidebar__item--secondary') as HTMLElement;

function open() {
  fireEvent.click(toggleButton());
}

function DocsPage() {
  return (
    <>
      <Navbar />
      <SecondaryMenuFiller>
        <nav aria-label="Docs sidebar">
          <a href="/docs/introduction/">Introduction</a>
        </nav>
      </SecondaryMenuFiller>
    </>
  );
}

beforeEach(() => {
  stubMatchMedia();
  setWindowWidth(400);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('mobile navbar sidebar', () => {
  it('opens from the toggle, locks the page scroll and moves focus into the panel', () => {
    renderWithSite(<Navbar />);
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
    expect(document.body).not.toHaveClass('navbar-sidebar--open');
    open();
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('navbar-sidebar--show');
    expect(document.body).toHaveClass('navbar-sidebar--open');
    expect(panel()).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Close navigation bar' })).toHaveFocus();
  });

  it('lists every navbar item, left and right, in the primary menu', () => {
    renderWithSite(<Navbar />);
    open();
    const links = within(primary()).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Docs', 'API', 'Tutorials', 'Quillmoor Health']);
    links.forEach((a) => expect(a).toHaveClass('menu__link'));
    expect(within(primary()).getByRole('link', { name: 'Docs' })).toHaveClass('menu__link--active');
  });

  it('has the brand, the colour toggle and the close button in its header', () => {
    renderWithSite(<Navbar />);
    open();
    const header = panel().querySelector('.navbar-sidebar__brand') as HTMLElement;
    expect(within(header).getByRole('link', { name: /Quillmoor Developer Portal/ })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('button', { name: /Switch between dark and light mode/ })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Close navigation bar' }).querySelector('svg')).toHaveAttribute('width', '21');
  });

  it('closes on Escape and returns focus to the toggle', () => {
    renderWithSite(<Navbar />);
    open();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
    expect(document.body).not.toHaveClass('navbar-sidebar--open');
    expect(toggleButton()).toHaveFocus();
    expect(panel()).toHaveAttribute('inert');
  });

  it('closes from the close button and from the backdrop', () => {
    renderWithSite(<Navbar />);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation bar' }));
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
    open();
    fireEvent.click(nav().querySelector('.navbar-sidebar__backdrop')!);
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
  });

  it('closes when a menu link is clicked, and on a route change', () => {
    const view = renderWithSite(<Navbar />);
    open();
    fireEvent.click(within(primary()).getByRole('link', { name: 'API' }));
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
    open();
    act(() => view.navigateTo({ pathname: '/docs/api/ccd/' }));
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
  });

  it('closes when the layout becomes desktop', () => {
    renderWithSite(<Navbar />);
    open();
    act(() => setWindowWidth(1200));
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
    expect(document.body).not.toHaveClass('navbar-sidebar--open');
    expect(screen.queryByRole('dialog', { name: 'Navigation bar', hidden: true })).toBeNull();
  });

  it('treats Back as "close the sidebar" while it is open', () => {
    const go = vi.spyOn(window.history, 'go').mockImplementation(() => {});
    const routerListener = vi.fn();
    window.addEventListener('popstate', routerListener);
    renderWithSite(<Navbar />);
    open();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
    expect(go).toHaveBeenCalledWith(1);
    expect(routerListener).not.toHaveBeenCalled();
    // Closed: Back works as usual again.
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(routerListener).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', routerListener);
  });

  it('keeps Tab inside the open panel', () => {
    renderWithSite(<Navbar />);
    open();
    const close = screen.getByRole('button', { name: 'Close navigation bar' });
    const last = within(primary()).getByRole('link', { name: 'Quillmoor Health' });
    act(() => last.focus());
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(within(panel()).getByRole('link', { name: /Quillmoor Developer Portal/ })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(last).toHaveFocus();
    expect(close).toBeInTheDocument();
  });

  it('is not rendered, and has no toggle, with nothing to show', () => {
    renderWithSite(<Navbar />, { site: fixtureSite({ navbar: [] }) });
    expect(screen.queryByRole('button', { name: 'Toggle navigation bar' })).toBeNull();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('renders the toggle but not the panel in the server/desktop form', () => {
    setWindowWidth(1280);
    renderWithSite(<Navbar />);
    expect(toggleButton()).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });
});

describe('secondary menu', () => {
  it('shows the page’s content first, with a back button to the main menu', () => {
    renderWithSite(<DocsPage />, { page: fixturePage() });
    open();
    const items = panel().querySelector('.navbar-sidebar__items')!;
    expect(items).toHaveClass('navbar-sidebar__items--show-secondary');
    expect(primary()).toHaveAttribute('inert');
    expect(secondary()).not.toHaveAttribute('inert');
    expect(within(secondary()).getByRole('navigation', { name: 'Docs sidebar' })).toBeInTheDocument();

    fireEvent.click(within(secondary()).getByRole('button', { name: '← Back to main menu' }));
    expect(items).not.toHaveClass('navbar-sidebar__items--show-secondary');
    expect(secondary()).toHaveAttribute('inert');
    expect(primary()).not.toHaveAttribute('inert');
  });

  it('shows the secondary menu again when the sidebar is reopened', () => {
    renderWithSite(<DocsPage />);
    open();
    fireEvent.click(screen.getByRole('button', { name: '← Back to main menu' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation bar' }));
    open();
    expect(panel().querySelector('.navbar-sidebar__items')).toHaveClass('navbar-sidebar__items--show-secondary');
  });

  it('closes the sidebar when a link in it is clicked', () => {
    renderWithSite(<DocsPage />);
    open();
    fireEvent.click(within(secondary()).getByRole('link', { name: 'Introduction' }));
    expect(nav()).not.toHaveClass('navbar-sidebar--show');
  });

  it('stays on the main menu on pages without secondary content', () => {
    renderWithSite(<Navbar />);
    open();
    expect(panel().querySelector('.navbar-sidebar__items')).not.toHaveClass('navbar-sidebar__items--show-secondary');
    expect(secondary()).toHaveAttribute('inert');
  });
});
