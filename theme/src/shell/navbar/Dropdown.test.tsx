import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavItem } from '../../contract.gen';
import { Navbar } from './Navbar';
import { fixturePage, fixtureSite, renderWithSite, setWindowWidth, stubMatchMedia } from '../test-utils';

const dropdown: NavItem = {
  type: 'dropdown',
  label: 'Resources',
  position: 'right',
  items: [
    { type: 'default', label: 'Terms of Service', to: '/terms-of-service/' },
    { type: 'default', label: 'Tutorials', to: '/docs/tutorials/', activeBasePath: 'docs/tutorials' },
    { type: 'default', label: 'FHIR', href: 'https://hl7.org/fhir/R4/' },
  ],
};

const site = () => fixtureSite({ navbar: [...(fixtureSite().navbar ?? []), dropdown] });
const homePage = fixturePage({ path: '/', kind: 'home', doc: undefined });

beforeEach(() => {
  stubMatchMedia();
  setWindowWidth(1280);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setWindowWidth(1024);
});

describe('desktop dropdown', () => {
  const trigger = () => screen.getByRole('button', { name: 'Resources' });
  const container = () => trigger().parentElement as HTMLElement;

  it('is a hoverable dropdown with a popup trigger', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    expect(container()).toHaveClass('navbar__item', 'dropdown', 'dropdown--hoverable', 'dropdown--right');
    expect(trigger()).toHaveAttribute('aria-haspopup', 'true');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveAttribute('href', '#');
    const menu = container().querySelector('ul.dropdown__menu')!;
    expect(within(menu as HTMLElement).getAllByRole('link').map((a) => a.className)).toEqual(['dropdown__link', 'dropdown__link', 'dropdown__link']);
    expect(within(menu as HTMLElement).getByRole('link', { name: 'FHIR' }).querySelector('svg')).toHaveAttribute('width', '12');
  });

  it('toggles on Enter', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(container()).toHaveClass('dropdown--show');
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(container()).not.toHaveClass('dropdown--show');
  });

  it('opens when the trigger receives focus', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    act(() => trigger().focus());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(container()).toHaveClass('dropdown--show');
  });

  it('does not follow the "#" link when clicked', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    trigger().dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it.each([
    ['mousedown', (el: Element) => fireEvent.mouseDown(el)],
    ['touchstart', (el: Element) => fireEvent.touchStart(el)],
    ['focusin', (el: Element) => fireEvent.focusIn(el)],
  ])('closes on a %s outside it', (_name, fire) => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    const inside = within(container()).getByRole('link', { name: 'Terms of Service' });
    fire(inside);
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    fire(document.body);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when focus leaves it (tabbing out)', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    const last = within(container()).getByRole('link', { name: 'FHIR' });
    act(() => last.focus());
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    act(() => screen.getByRole('button', { name: /Switch between dark and light mode/ }).focus());
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape and returns focus to the trigger', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    fireEvent.keyDown(trigger(), { key: 'Enter' });
    const link = within(container()).getByRole('link', { name: 'Terms of Service' });
    act(() => link.focus());
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    expect(trigger()).toHaveFocus();
  });

  it('highlights the active entry', () => {
    renderWithSite(<Navbar />, { site: site(), location: { pathname: '/docs/tutorials/rest-client/' }, page: homePage });
    expect(within(container()).getByRole('link', { name: 'Tutorials' })).toHaveClass('dropdown__link--active');
    expect(within(container()).getByRole('link', { name: 'Terms of Service' })).not.toHaveClass('dropdown__link--active');
  });

  it('links its trigger when the dropdown has a `to`', () => {
    const withTo = fixtureSite({ navbar: [{ ...dropdown, to: '/docs/' }] });
    renderWithSite(<Navbar />, { site: withTo, page: homePage });
    expect(trigger()).toHaveAttribute('href', '/docs/');
  });
});

describe('mobile dropdown', () => {
  beforeEach(() => setWindowWidth(400));

  function openSidebar() {
    fireEvent.click(screen.getByRole('button', { name: 'Toggle navigation bar' }));
    return screen.getByRole('dialog', { name: 'Navigation bar' });
  }

  it('starts collapsed and toggles with its caret', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    const panel = openSidebar();
    const caret = within(panel).getByRole('button', { name: 'Expand the dropdown' });
    expect(caret).toHaveAttribute('aria-expanded', 'false');
    const item = caret.closest('li')!;
    expect(item).toHaveClass('menu__list-item', 'menu__list-item--collapsed');
    // Lazy: the entries are not rendered until first opened.
    expect(within(item).queryByRole('link', { name: 'Terms of Service' })).toBeNull();
    fireEvent.click(caret);
    expect(item).not.toHaveClass('menu__list-item--collapsed');
    expect(within(panel).getByRole('button', { name: 'Collapse the dropdown' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(item).getByRole('link', { name: 'Terms of Service' })).toHaveClass('menu__link');
  });

  it('toggles when its label is clicked', () => {
    renderWithSite(<Navbar />, { site: site(), page: homePage });
    const panel = openSidebar();
    const label = within(panel).getByRole('button', { name: 'Resources' });
    expect(label).toHaveClass('menu__link', 'menu__link--sublist');
    fireEvent.click(label);
    expect(label.closest('li')).not.toHaveClass('menu__list-item--collapsed');
  });

  it('starts expanded when it contains the current page', () => {
    renderWithSite(<Navbar />, { site: site(), location: { pathname: '/terms-of-service/' }, page: homePage });
    const panel = openSidebar();
    expect(within(panel).getByRole('button', { name: 'Collapse the dropdown' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Terms of Service' })).toHaveClass('menu__link--active');
  });
});
