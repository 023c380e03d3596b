// The docs layout (reference 4.2, 5.1): the sidebar column, which readers
// can hide when themeConfig.docs.sidebar.hideable is on, the main column, and
// the back-to-top button.
import { useCallback, useState, type ReactNode, type TransitionEvent } from 'react';
import type { SidebarItem } from '../contract.gen';
import { useSite } from '../app/SiteContext';
import { BackToTopButton } from './BackToTopButton';
import { prefersReducedMotion } from './collapse';
import { DocSidebar, ExpandSidebarButton } from './DocSidebar';

interface SidebarColumnProps {
  items: SidebarItem[];
  /** The sidebar's id: another sidebar starts afresh (categories in their initial state). */
  name: string;
  hiddenContainer: boolean;
  setHiddenContainer: (update: (hidden: boolean) => boolean) => void;
}

/**
 * Hiding is two steps: the column narrows to 30 px (a width transition),
 * and when that transition ends the content hides and the expand strip
 * appears. Showing reverses both at once.
 */
function SidebarColumn({ items, name, hiddenContainer, setHiddenContainer }: SidebarColumnProps) {
  const hideable = useSite().themeConfig.docs.sidebar.hideable;
  const [hiddenSidebar, setHiddenSidebar] = useState(false);

  const toggleSidebar = useCallback(() => {
    if (hiddenSidebar) setHiddenSidebar(false);
    // Without motion there is no transition whose end would hide the content.
    if (!hiddenSidebar && prefersReducedMotion()) setHiddenSidebar(true);
    setHiddenContainer((hidden) => !hidden);
  }, [hiddenSidebar, setHiddenContainer]);

  const onTransitionEnd = (e: TransitionEvent<HTMLElement>) => {
    // Only the column's own width transition, not those of its content.
    if (e.target !== e.currentTarget) return;
    if (hiddenContainer) setHiddenSidebar(true);
  };

  return (
    <aside className={`theme-doc-sidebar-container doc-sidebar${hiddenContainer ? ' doc-sidebar--hidden' : ''}`} onTransitionEnd={onTransitionEnd}>
      <div className={`doc-sidebar__viewport${hiddenSidebar ? ' doc-sidebar__viewport--hidden' : ''}`}>
        <DocSidebar key={name} items={items} onCollapse={hideable ? toggleSidebar : undefined} isHidden={hiddenSidebar} />
        {hiddenSidebar && <ExpandSidebarButton onExpand={toggleSidebar} />}
      </div>
    </aside>
  );
}

interface DocLayoutProps {
  sidebar: SidebarItem[] | null;
  sidebarName?: string;
  children: ReactNode;
}

export function DocLayout({ sidebar, sidebarName = '', children }: DocLayoutProps) {
  const [hiddenContainer, setHiddenContainer] = useState(false);
  return (
    <div className="docs-wrapper docs-doc-page">
      <BackToTopButton />
      <div className="doc-root">
        {sidebar && sidebar.length > 0 && (
          <SidebarColumn items={sidebar} name={sidebarName} hiddenContainer={hiddenContainer} setHiddenContainer={setHiddenContainer} />
        )}
        <main className={`doc-main${hiddenContainer ? ' doc-main--enhanced' : ''}`}>
          <div className={`container padding-top--md padding-bottom--lg doc-item-wrapper${hiddenContainer ? ' doc-item-wrapper--enhanced' : ''}`}>{children}</div>
        </main>
      </div>
    </div>
  );
}
