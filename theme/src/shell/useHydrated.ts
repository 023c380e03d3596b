import { useEffect, useState } from 'react';

/**
 * False on the server and on the first client render (so hydration matches
 * the server HTML), true once the page is interactive.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
