import { useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true from the first effect on:
 * for markup that must differ in the browser without breaking hydration.
 */
export function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(false);
  useEffect(() => setIsBrowser(true), []);
  return isBrowser;
}
