import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideNavbarVisibility, type ScrollSample } from './hideOnScroll';
import { Navbar } from './Navbar';
import { fixtureSite, renderWithSite, stubMatchMedia } from '../test-utils';

const sample = (s: Partial<ScrollSample>): ScrollSample => ({
  y: 0,
  previousY: null,
  navbarHeight: 60,
  viewportHeight: 800,
  scrollHeight: 5000,
  anchorNavigation: false,
  ...s,
});

describe('decideNavbarVisibility', () => {
  it('always shows the navbar within its own height of the top', () => {
    expect(decideNavbarVisibility(sample({ y: 59, previousY: 10 })).visible).toBe(true);
    expect(decideNavbarVisibility(sample({ y: 10, anchorNavigation: true }))).toEqual({ visible: true, clearAnchorFlag: false });
  });

  it('hides when scrolling down', () => {
    expect(decideNavbarVisibility(sample({ y: 500, previousY: 400 })).visible).toBe(false);
    expect(decideNavbarVisibility(sample({ y: 500, previousY: 500 })).visible).toBe(false);
  });

  it('shows when scrolling up', () => {
    expect(decideNavbarVisibility(sample({ y: 400, previousY: 500 })).visible).toBe(true);
  });

  it('does not reveal it when scrolling up at the very bottom (overscroll bounce)', () => {
    expect(decideNavbarVisibility(sample({ y: 4180, previousY: 4200 })).visible).toBeUndefined();
  });

  it('ignores the scroll caused by an anchor navigation, once', () => {
    expect(decideNavbarVisibility(sample({ y: 400, previousY: 500, anchorNavigation: true }))).toEqual({ visible: undefined, clearAnchorFlag: true });
  });

  it('on the first scroll (no previous position) shows unless at the bottom', () => {
    expect(decideNavbarVisibility(sample({ y: 300 })).visible).toBe(true);
  });
});

describe('hideable navbar', () => {
  const site = (hideOnScroll: boolean) => {
    const s = fixtureSite();
    return { ...s, themeConfig: { ...s.themeConfig, navbar: { ...s.themeConfig.navbar, hideOnScroll } } };
  };

  function scrollTo(y: number) {
    Object.defineProperty(window, 'pageYOffset', { configurable: true, value: y });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  }

  beforeEach(() => {
    stubMatchMedia();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ height: 60 } as DOMRect);
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 5000 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    Object.defineProperty(window, 'pageYOffset', { configurable: true, value: 0 });
  });

  const nav = () => screen.getByRole('navigation', { name: 'Main' });

  it('hides on scroll down, shows on scroll up, stays within its height of the top', () => {
    renderWithSite(<Navbar />, { site: site(true) });
    expect(nav()).toHaveClass('navbar--hideable');
    scrollTo(200);
    scrollTo(400);
    expect(nav()).toHaveClass('navbar--hidden');
    scrollTo(300);
    expect(nav()).not.toHaveClass('navbar--hidden');
    scrollTo(600);
    expect(nav()).toHaveClass('navbar--hidden');
    scrollTo(30);
    expect(nav()).not.toHaveClass('navbar--hidden');
  });

  it('hides after navigating to an in-page anchor and ignores the scroll that jump causes', () => {
    const target = document.createElement('h2');
    target.id = 'scopes';
    document.body.appendChild(target);
    const view = renderWithSite(<Navbar />, { site: site(true) });
    scrollTo(800);
    scrollTo(700); // scrolling up: visible
    expect(nav()).not.toHaveClass('navbar--hidden');
    act(() => view.navigateTo({ pathname: '/docs/introduction/', hash: '#scopes' }));
    expect(nav()).toHaveClass('navbar--hidden');
    scrollTo(300); // the jump itself, upwards: ignored
    expect(nav()).toHaveClass('navbar--hidden');
    scrollTo(200); // the reader scrolls up
    expect(nav()).not.toHaveClass('navbar--hidden');
    // A navigation without an anchor shows it.
    scrollTo(900);
    act(() => view.navigateTo({ pathname: '/docs/api/ccd/' }));
    expect(nav()).not.toHaveClass('navbar--hidden');
    target.remove();
  });

  it('does nothing when hideOnScroll is off', () => {
    renderWithSite(<Navbar />, { site: site(false) });
    scrollTo(200);
    scrollTo(400);
    expect(nav()).not.toHaveClass('navbar--hidden');
    expect(nav()).not.toHaveClass('navbar--hideable');
  });
});
