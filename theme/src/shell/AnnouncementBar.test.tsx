import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementBar as Bar } from '../contract.gen';
import { announcementBarScript, announcementBarStyle } from '../inlineScripts';
import { AnnouncementBar } from './AnnouncementBar';
import { renderWithSite, siteWithTheme, stubMatchMedia } from './test-utils';

const bar = (extra: Partial<Bar> = {}): Bar => ({
  id: 'sandbox-2025',
  content: 'Sandbox credentials are issued on registration. <a href="/docs/gettings-started/sandbox/">Set up the sandbox</a>.',
  backgroundColor: '#e8f1fb',
  textColor: '#0b2f5b',
  isCloseable: true,
  ...extra,
});

const html = document.documentElement;
const closeButton = () => screen.queryByRole('button', { name: 'Close' });

beforeEach(() => stubMatchMedia());
afterEach(() => {
  vi.unstubAllGlobals();
  html.removeAttribute('data-announcement-bar-initially-dismissed');
});

describe('AnnouncementBar', () => {
  it('shows the content with its colours and a 21 px close button', () => {
    const site = siteWithTheme({ announcementBar: bar() });
    // The colours come from the document's <style> rule, never a style
    // attribute, which the Content-Security-Policy would block.
    const style = document.createElement('style');
    style.textContent = announcementBarStyle(site);
    document.head.append(style);
    renderWithSite(<AnnouncementBar />, { site });
    const banner = screen.getByRole('banner');
    expect(banner).toHaveClass('theme-announcement-bar');
    expect(banner).not.toHaveAttribute('style');
    expect(banner).toHaveStyle({ backgroundColor: '#e8f1fb', color: '#0b2f5b' });
    style.remove();
    expect(screen.getByRole('link', { name: 'Set up the sandbox' })).toBeInTheDocument();
    const icon = closeButton()!.querySelector('svg')!;
    expect(icon).toHaveAttribute('width', '21');
    expect(icon).toHaveAttribute('height', '21');
  });

  it('remembers a dismissal for that bar id', () => {
    const site = siteWithTheme({ announcementBar: bar() });
    const first = renderWithSite(<AnnouncementBar />, { site });
    fireEvent.click(closeButton()!);
    expect(screen.queryByRole('banner')).toBeNull();
    expect(localStorage.getItem('docusaurus.announcement.dismiss')).toBe('true');
    expect(localStorage.getItem('docusaurus.announcement.id')).toBe('sandbox-2025');
    first.unmount();

    // Next page load: still closed.
    renderWithSite(<AnnouncementBar />, { site });
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('shows a bar with a new id again', () => {
    localStorage.setItem('docusaurus.announcement.id', 'old-bar');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    renderWithSite(<AnnouncementBar />, { site: siteWithTheme({ announcementBar: bar() }) });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(localStorage.getItem('docusaurus.announcement.dismiss')).toBe('false');
    expect(localStorage.getItem('docusaurus.announcement.id')).toBe('sandbox-2025');
  });

  it('reads the old misspelt default id as the default id', () => {
    localStorage.setItem('docusaurus.announcement.id', 'annoucement-bar');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    renderWithSite(<AnnouncementBar />, { site: siteWithTheme({ announcementBar: bar({ id: 'announcement-bar' }) }) });
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('has no close button when not closeable, and a null isCloseable means closeable', () => {
    const view = renderWithSite(<AnnouncementBar />, { site: siteWithTheme({ announcementBar: bar({ isCloseable: false }) }) });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(closeButton()).toBeNull();
    view.unmount();
    renderWithSite(<AnnouncementBar />, { site: siteWithTheme({ announcementBar: bar({ isCloseable: null }) }) });
    expect(closeButton()).toBeInTheDocument();
  });

  it('renders nothing without a configured bar', () => {
    renderWithSite(<AnnouncementBar />);
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('announcement bar inline script', () => {
  const run = (b: Bar) => new Function(announcementBarScript(siteWithTheme({ announcementBar: b })))();

  it('marks the bar dismissed before first paint only for the same id', () => {
    localStorage.setItem('docusaurus.announcement.id', 'sandbox-2025');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    run(bar());
    expect(html.getAttribute('data-announcement-bar-initially-dismissed')).toBe('true');
    run(bar({ id: 'next-bar' }));
    expect(html.getAttribute('data-announcement-bar-initially-dismissed')).toBe('false');
  });

  it('never hides a bar that cannot be closed', () => {
    localStorage.setItem('docusaurus.announcement.id', 'sandbox-2025');
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    run(bar({ isCloseable: false }));
    expect(html.getAttribute('data-announcement-bar-initially-dismissed')).toBe('false');
  });

  it('is empty without a bar', () => {
    expect(announcementBarScript(siteWithTheme({}))).toBe('');
    expect(announcementBarStyle(siteWithTheme({}))).toBe('');
  });
});

describe('announcementBarStyle', () => {
  it('keeps plain colours and drops anything that could end the rule', () => {
    const style = (b: Partial<Bar>) => announcementBarStyle(siteWithTheme({ announcementBar: bar(b) }));
    expect(style({})).toBe('.theme-announcement-bar{background-color:#e8f1fb;color:#0b2f5b}');
    expect(style({ backgroundColor: 'rgb(1, 2, 3)', textColor: '' })).toBe('.theme-announcement-bar{background-color:rgb(1, 2, 3)}');
    expect(style({ backgroundColor: 'red}</style><script>x', textColor: 'blue;x:y' })).toBe('');
  });
});
