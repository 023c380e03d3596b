// Lets a component pause the shell's scroll listeners while it moves the
// page itself (reference 3.5: e.g. content tabs restoring the reader's
// position after a switch), so the navbar does not hide on a scroll the
// reader did not make.
import { createContext, useContext, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import { ReactContextError } from '../utils/contextError';

export interface ScrollController {
  /** False while scroll events must be ignored. */
  scrollEventsEnabledRef: MutableRefObject<boolean>;
  enableScrollEvents: () => void;
  disableScrollEvents: () => void;
}

const ScrollControllerContext = createContext<ScrollController | null>(null);

export function ScrollControllerProvider({ children }: { children: ReactNode }) {
  const scrollEventsEnabledRef = useRef(true);
  const value = useMemo<ScrollController>(
    () => ({
      scrollEventsEnabledRef,
      enableScrollEvents: () => {
        scrollEventsEnabledRef.current = true;
      },
      disableScrollEvents: () => {
        scrollEventsEnabledRef.current = false;
      },
    }),
    [],
  );
  return <ScrollControllerContext.Provider value={value}>{children}</ScrollControllerContext.Provider>;
}

export function useScrollController(): ScrollController {
  const value = useContext(ScrollControllerContext);
  if (!value) throw new ReactContextError('useScrollController', 'ScrollControllerProvider');
  return value;
}
