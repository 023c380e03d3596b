import { useEffect, useState } from 'react';

/** Desktop above 996 px; 996 itself is mobile (reference 0.1). */
export const DESKTOP_BREAKPOINT = 996;

export type WindowSize = 'ssr' | 'desktop' | 'mobile';

function current(): WindowSize {
  return window.innerWidth > DESKTOP_BREAKPOINT ? 'desktop' : 'mobile';
}

/**
 * "ssr" on the server and on the first client render, so hydration matches
 * the server HTML; the real size after mount and on every resize.
 */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    const update = () => setSize(current());
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
