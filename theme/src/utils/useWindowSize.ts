import { useEffect, useState } from 'react';

/** Desktop above 996 px; 996 itself is mobile (reference 0.1). */
export const DESKTOP_BREAKPOINT = 996;

export type WindowSize = 'ssr' | 'desktop' | 'mobile';

const DESKTOP_QUERY = `(min-width: ${DESKTOP_BREAKPOINT + 1}px)`;

/**
 * A media query, where there is one: reading window.innerWidth right after
 * hydration makes the browser lay out the whole page inside hydration's task.
 */
function desktopQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_QUERY) : null;
}

function current(query: MediaQueryList | null): WindowSize {
  const desktop = query ? query.matches : window.innerWidth > DESKTOP_BREAKPOINT;
  return desktop ? 'desktop' : 'mobile';
}

/**
 * "ssr" on the server and on the first client render, so hydration matches
 * the server HTML; the real size after mount and on every resize.
 */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const query = desktopQuery();
    const update = () => setSize(current(query));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
