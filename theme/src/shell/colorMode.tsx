// Colour mode (behaviour reference 4.3). Two notions:
//   - the effective mode, light or dark, on <html data-theme>;
//   - the reader's choice, light, dark or null ("follow the system"), on
//     <html data-theme-choice> as light|dark|system and in local storage
//     under "theme" (null is stored by removing the key).
// The inline head script (inlineScripts.ts) sets both attributes before
// first paint; this provider starts from the server's defaults so hydration
// matches, then reads the attributes the script set, and from then on owns
// them.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSite } from '../app/SiteContext';
import { ReactContextError } from '../utils/contextError';
import { removeStorage, StorageKeys, writeStorage } from '../utils/storage';

export type ColorMode = 'light' | 'dark';
/** The reader's choice: a mode, or null for "follow the system". */
export type ColorModeChoice = ColorMode | null;

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Any value but "dark" reads as light (how the attributes are read back). */
export function coerceColorMode(value: unknown): ColorMode {
  return value === 'dark' ? 'dark' : 'light';
}

/** "light" and "dark" are choices; "system", absent or anything else is null. */
export function coerceColorModeChoice(value: unknown): ColorModeChoice {
  return value === 'light' || value === 'dark' ? value : null;
}

/**
 * The choice the toggle moves to (reference 4.3). With
 * respectPrefersColorScheme it cycles system → light → dark → system;
 * without, dark goes to light and anything else to dark.
 */
export function getNextColorMode(choice: ColorModeChoice, respectPrefersColorScheme: boolean): ColorModeChoice {
  if (choice !== null && choice !== 'light' && choice !== 'dark') {
    throw new Error(`unexpected color mode ${String(choice)}`);
  }
  if (!respectPrefersColorScheme) return choice === 'dark' ? 'light' : 'dark';
  if (choice === null) return 'light';
  if (choice === 'light') return 'dark';
  return null;
}

/** The name of a choice, as the toggle's title and accessible name say it. */
export function colorModeChoiceName(choice: ColorModeChoice): string {
  switch (choice) {
    case null:
      return 'system mode';
    case 'light':
      return 'light mode';
    case 'dark':
      return 'dark mode';
    default:
      throw new Error(`unexpected color mode ${String(choice)}`);
  }
}

export interface ColorModeValue {
  /** The effective mode. */
  colorMode: ColorMode;
  /** The reader's choice; null follows the system (or the default mode). */
  choice: ColorModeChoice;
  isDarkTheme: boolean;
  /** Applies a choice and remembers it (unless the switch is disabled). */
  setColorMode: (choice: ColorModeChoice, options?: { persist?: boolean }) => void;
}

const ColorModeContext = createContext<ColorModeValue | null>(null);

function systemMode(): ColorMode {
  try {
    return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
  } catch {
    return 'light'; // no matchMedia (old browsers, test DOMs)
  }
}

function applyAttributes(mode: ColorMode, choice: ColorModeChoice) {
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.setAttribute('data-theme-choice', choice ?? 'system');
}

export function ColorModeProvider({ children }: { children: ReactNode }) {
  const { defaultMode, disableSwitch, respectPrefersColorScheme } = useSite().themeConfig.colorMode;
  // The engine validates the config; a bad default here is a broken site,
  // which the app's error boundary reports.
  if (defaultMode !== 'light' && defaultMode !== 'dark') throw new Error(`unexpected color mode ${String(defaultMode)}`);
  const fallback: ColorMode = defaultMode;
  // The server's view, which is also what the inline script sets when
  // nothing is stored: the first client render must match it.
  const [state, setState] = useState<{ colorMode: ColorMode; choice: ColorModeChoice }>(() => ({
    colorMode: fallback,
    choice: respectPrefersColorScheme ? null : fallback,
  }));

  // The mode a null choice stands for.
  const modeFor = useCallback(
    (choice: ColorModeChoice): ColorMode => choice ?? (respectPrefersColorScheme ? systemMode() : fallback),
    [respectPrefersColorScheme, fallback],
  );

  // Take over what the inline script decided before first paint.
  useEffect(() => {
    const html = document.documentElement;
    setState({
      colorMode: coerceColorMode(html.getAttribute('data-theme')),
      choice: coerceColorModeChoice(html.getAttribute('data-theme-choice')),
    });
    // A disabled switch forgets any earlier choice.
    if (disableSwitch) removeStorage(StorageKeys.colorMode);
  }, [disableSwitch]);

  const setColorMode = useCallback(
    (choice: ColorModeChoice, options?: { persist?: boolean }) => {
      const next = coerceColorModeChoice(choice);
      const mode = modeFor(next);
      applyAttributes(mode, next);
      setState({ colorMode: mode, choice: next });
      if (options?.persist === false || disableSwitch) return;
      if (next === null) removeStorage(StorageKeys.colorMode);
      else writeStorage(StorageKeys.colorMode, next);
    },
    [modeFor, disableSwitch],
  );

  // Another tab (or another hook in this tab) changed the stored choice.
  useEffect(() => {
    if (disableSwitch) return;
    const onStorage = (e: StorageEvent) => {
      if (e.key !== StorageKeys.colorMode || e.storageArea !== window.localStorage) return;
      setColorMode(coerceColorModeChoice(e.newValue), { persist: false });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [disableSwitch, setColorMode]);

  // Follow the system while the choice is "system"; never persisted.
  const followSystem = respectPrefersColorScheme && state.choice === null;
  useEffect(() => {
    if (!followSystem || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      const mode = systemMode();
      document.documentElement.setAttribute('data-theme', mode);
      setState((s) => (s.choice === null ? { ...s, colorMode: mode } : s));
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [followSystem]);

  const value = useMemo<ColorModeValue>(
    () => ({ colorMode: state.colorMode, choice: state.choice, isDarkTheme: state.colorMode === 'dark', setColorMode }),
    [state, setColorMode],
  );
  return <ColorModeContext.Provider value={value}>{children}</ColorModeContext.Provider>;
}

export function useColorMode(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) {
    throw new ReactContextError(
      'useColorMode',
      'ColorModeProvider',
      'Please see https://docusaurus.io/docs/api/themes/configuration#use-color-mode.',
    );
  }
  return value;
}
