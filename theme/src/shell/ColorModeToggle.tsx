// The colour-mode toggle (reference 4.3): one button that moves the choice
// to the next one. All three icons are in the HTML and CSS shows the one for
// <html data-theme-choice>, so the server render is right before hydration;
// the button stays disabled until the page is interactive.
import { useSite } from '../app/SiteContext';
import { colorModeChoiceName, getNextColorMode, useColorMode } from './colorMode';
import { cx } from './cx';
import { MoonIcon, SunIcon, SystemIcon } from './icons';
import { useHydrated } from './useHydrated';

/** The toggle button; absent when the switch is disabled. */
export function ColorModeToggle({ className }: { className?: string }) {
  const site = useSite();
  const { disableSwitch, respectPrefersColorScheme } = site.themeConfig.colorMode;
  const { choice, setColorMode } = useColorMode();
  const hydrated = useHydrated();
  if (disableSwitch) return null;
  const name = colorModeChoiceName(choice);
  return (
    <div className={cx('color-mode-toggle-wrapper', className)}>
      <button
        type="button"
        className={cx('clean-btn color-mode-toggle', site.themeConfig.navbar.style === 'dark' && 'color-mode-toggle--dark-navbar')}
        disabled={!hydrated}
        title={name}
        aria-label={`Switch between dark and light mode (currently ${name})`}
        onClick={() => setColorMode(getNextColorMode(choice, respectPrefersColorScheme))}
      >
        <SunIcon className="color-mode-toggle__icon color-mode-toggle__icon--light" />
        <MoonIcon className="color-mode-toggle__icon color-mode-toggle__icon--dark" />
        <SystemIcon className="color-mode-toggle__icon color-mode-toggle__icon--system" />
      </button>
    </div>
  );
}
