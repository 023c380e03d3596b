import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { colorModeScript } from '../inlineScripts';
import { colorModeChoiceName, getNextColorMode, useColorMode, type ColorModeChoice } from './colorMode';
import { ColorModeToggle } from './ColorModeToggle';
import { fixtureSite, renderWithSite, siteWithTheme, stubMatchMedia } from './test-utils';

const html = document.documentElement;
const DARK = '(prefers-color-scheme: dark)';

function colorModeSite(colorMode: Partial<ReturnType<typeof fixtureSite>['themeConfig']['colorMode']>) {
  const base = fixtureSite().themeConfig.colorMode;
  return siteWithTheme({ colorMode: { ...base, ...colorMode } });
}

/** Runs the inline head script as the browser would before first paint. */
function runInlineScript(site = fixtureSite(), search = '') {
  window.history.replaceState(null, '', '/' + search);
  new Function(colorModeScript(site))();
}

function toggle() {
  return screen.getByRole('button', { name: /^Switch between dark and light mode/ });
}

beforeEach(() => {
  html.removeAttribute('data-theme');
  html.removeAttribute('data-theme-choice');
  stubMatchMedia();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('getNextColorMode', () => {
  it('toggles dark and light without respectPrefersColorScheme', () => {
    expect(getNextColorMode('dark', false)).toBe('light');
    expect(getNextColorMode('light', false)).toBe('dark');
    expect(getNextColorMode(null, false)).toBe('dark');
  });

  it('cycles system → light → dark → system with respectPrefersColorScheme', () => {
    expect(getNextColorMode(null, true)).toBe('light');
    expect(getNextColorMode('light', true)).toBe('dark');
    expect(getNextColorMode('dark', true)).toBe(null);
  });

  it('throws on a value that is not a colour mode', () => {
    expect(() => getNextColorMode('blue' as ColorModeChoice, true)).toThrow('unexpected color mode blue');
    expect(() => getNextColorMode('sepia' as ColorModeChoice, false)).toThrow('unexpected color mode sepia');
    expect(() => colorModeChoiceName('blue' as ColorModeChoice)).toThrow('unexpected color mode blue');
  });
});

describe('inline colour-mode script', () => {
  it('applies the default mode when nothing is stored', () => {
    runInlineScript();
    expect(html.dataset.theme).toBe('light');
    expect(html.dataset.themeChoice).toBe('light');
  });

  it('applies a stored choice before first paint', () => {
    localStorage.setItem('theme', 'dark');
    runInlineScript();
    expect(html.dataset.theme).toBe('dark');
    expect(html.dataset.themeChoice).toBe('dark');
  });

  it('ignores a stored value that is not a mode', () => {
    localStorage.setItem('theme', 'purple');
    runInlineScript();
    expect(html.dataset.theme).toBe('light');
  });

  it('follows the system when respectPrefersColorScheme and nothing is stored', () => {
    stubMatchMedia({ [DARK]: true });
    runInlineScript(colorModeSite({ respectPrefersColorScheme: true }));
    expect(html.dataset.theme).toBe('dark');
    expect(html.dataset.themeChoice).toBe('system');
  });

  it('ignores the stored choice when the switch is disabled', () => {
    localStorage.setItem('theme', 'dark');
    runInlineScript(colorModeSite({ disableSwitch: true }));
    expect(html.dataset.theme).toBe('light');
  });

  it('takes the docusaurus-theme query parameter and copies docusaurus-data-* parameters', () => {
    runInlineScript(fixtureSite(), '?docusaurus-theme=dark&docusaurus-data-mode=embed');
    expect(html.dataset.theme).toBe('dark');
    expect(html.dataset.mode).toBe('embed');
    html.removeAttribute('data-mode');
  });

  it('never throws when storage is blocked', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => runInlineScript()).not.toThrow();
    expect(html.dataset.theme).toBe('light');
    getItem.mockRestore();
  });
});

describe('ColorModeToggle', () => {
  it('flips light ↔ dark by default, storing the choice under "theme"', () => {
    runInlineScript();
    renderWithSite(<ColorModeToggle />);
    expect(toggle()).toHaveAccessibleName('Switch between dark and light mode (currently light mode)');
    expect(toggle()).toHaveAttribute('title', 'light mode');
    expect(toggle()).toBeEnabled();

    fireEvent.click(toggle());
    expect(html.dataset.theme).toBe('dark');
    expect(html.dataset.themeChoice).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(toggle()).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');

    fireEvent.click(toggle());
    expect(html.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('picks up the mode the inline script applied', () => {
    localStorage.setItem('theme', 'dark');
    runInlineScript();
    renderWithSite(<ColorModeToggle />);
    expect(toggle()).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');
  });

  it('cycles system → light → dark → system, removing the key for system', () => {
    const media = stubMatchMedia({ [DARK]: true });
    const site = colorModeSite({ respectPrefersColorScheme: true });
    runInlineScript(site);
    renderWithSite(<ColorModeToggle />, { site });
    expect(toggle()).toHaveAccessibleName('Switch between dark and light mode (currently system mode)');
    expect(html.dataset.theme).toBe('dark');

    fireEvent.click(toggle());
    expect(html.dataset.themeChoice).toBe('light');
    expect(html.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');

    fireEvent.click(toggle());
    expect(html.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    fireEvent.click(toggle());
    expect(html.dataset.themeChoice).toBe('system');
    expect(html.dataset.theme).toBe('dark'); // the system's mode
    expect(localStorage.getItem('theme')).toBeNull();
    expect(toggle()).toHaveAccessibleName('Switch between dark and light mode (currently system mode)');

    // While on "system", a change of the system preference is followed, never stored.
    act(() => media.set(DARK, false));
    expect(html.dataset.theme).toBe('light');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('is absent and clears the stored choice when the switch is disabled', () => {
    localStorage.setItem('theme', 'dark');
    const site = colorModeSite({ disableSwitch: true });
    renderWithSite(<ColorModeToggle />, { site });
    expect(screen.queryByRole('button', { name: /Switch between dark and light mode/ })).toBeNull();
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('follows a change made in another tab', () => {
    runInlineScript();
    renderWithSite(<ColorModeToggle />);
    act(() => {
      localStorage.setItem('theme', 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: localStorage }));
    });
    expect(html.dataset.theme).toBe('dark');
    expect(toggle()).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');
  });

  it('renders all three icons, hidden from assistive technology', () => {
    renderWithSite(<ColorModeToggle />);
    const icons = toggle().querySelectorAll('svg');
    expect(icons).toHaveLength(3);
    icons.forEach((icon) => expect(icon).toHaveAttribute('aria-hidden', 'true'));
  });
});

describe('ColorModeProvider', () => {
  it('throws for a default mode that is not a colour mode', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithSite(<ColorModeToggle />, { site: colorModeSite({ defaultMode: 'purple' }) })).toThrow('unexpected color mode purple');
  });
});

describe('useColorMode', () => {
  it('throws the context error outside its provider', () => {
    function Probe() {
      useColorMode();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderWithSite(<Probe />, { colorMode: false, shell: false })).toThrow(
      'Hook useColorMode is called outside the <ColorModeProvider>. Please see https://docusaurus.io/docs/api/themes/configuration#use-color-mode.',
    );
  });
});
