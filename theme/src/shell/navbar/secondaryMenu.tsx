// The mobile navbar sidebar's secondary menu (reference 4.1): a page (the
// docs layout) puts its own navigation there, e.g. the docs sidebar, by
// rendering <SecondaryMenuFiller>. The sidebar shows the secondary menu when
// it has content, with a back button to the primary menu.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ReactContextError } from '../../utils/contextError';

interface SecondaryMenuValue {
  content: ReactNode | null;
  setContent: (content: ReactNode | null) => void;
}

const SecondaryMenuContext = createContext<SecondaryMenuValue | null>(null);

export function SecondaryMenuProvider({ children }: { children: ReactNode }) {
  const [content, setContent] = useState<ReactNode | null>(null);
  const value = useMemo(() => ({ content, setContent }), [content]);
  return <SecondaryMenuContext.Provider value={value}>{children}</SecondaryMenuContext.Provider>;
}

export function useSecondaryMenu(): SecondaryMenuValue {
  const value = useContext(SecondaryMenuContext);
  if (!value) throw new ReactContextError('useSecondaryMenu', 'NavbarSecondaryMenuContentProvider');
  return value;
}

/** Renders nothing in place; hands its children to the mobile sidebar's secondary menu while mounted. */
export function SecondaryMenuFiller({ children }: { children: ReactNode }) {
  const { setContent } = useSecondaryMenu();
  useEffect(() => {
    setContent(children);
  }, [children, setContent]);
  useEffect(() => () => setContent(null), [setContent]);
  return null;
}

function hasContent(content: ReactNode | null): boolean {
  return content !== null && content !== undefined && content !== false;
}

interface SecondaryMenuDisplay {
  /** The secondary menu is showing (instead of the primary one). */
  shown: boolean;
  content: ReactNode | null;
  /** The back button: return to the primary menu. */
  hide: () => void;
}

/**
 * Whether the secondary menu shows (reference 4.1): it opens when content
 * appears, closes when the content goes, the back button closes it, and it
 * is open again whenever the mobile sidebar is reopened with content (so
 * on a docs page the docs sidebar comes first).
 */
export function useSecondaryMenuDisplay(mobileSidebarShown: boolean): SecondaryMenuDisplay {
  const { content } = useSecondaryMenu();
  const present = hasContent(content);
  const [shown, setShown] = useState(false);

  const previous = useRef(false);
  useEffect(() => {
    if (present && !previous.current) setShown(true);
    if (!present && previous.current) setShown(false);
    previous.current = present;
  }, [present]);

  useEffect(() => {
    if (!mobileSidebarShown && present) setShown(true);
  }, [mobileSidebarShown, present]);

  const hide = useCallback(() => setShown(false), []);
  return { shown: shown && present, content: present ? content : null, hide };
}
