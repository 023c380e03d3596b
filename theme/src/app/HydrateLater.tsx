// Hydration in smaller pieces (issue 16): React hydrates a prerendered
// <Suspense> boundary on its own, after the rest of the page and at a low
// priority that yields to the browser every few milliseconds, instead of
// inside the one task that hydrates the page. Parts a reader does not touch
// in the first moments (the sidebar's long list, the table of contents, the
// footer) go in one, so no part of hydration blocks the main thread for long.
// Nothing inside ever suspends: on the server and on client-side navigation
// it renders its children as they are.
import { Suspense, type ReactNode } from 'react';

export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
