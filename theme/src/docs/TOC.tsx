// The table of contents (reference 5.6): a sticky column with scroll-spy on
// desktop, a collapsed "On this page" block at the top of the article on
// mobile. The engine builds the tree; this only renders it.
import { useEffect, useId, useState } from 'react';
import type { TOCItem } from '../contract.gen';
import { HydrateLater } from '../app/HydrateLater';
import { useSite } from '../app/SiteContext';
import { Collapsible, useLazyMounted } from './Collapsible';
import { activeAnchor, anchorSelector, measureAnchors, tocLevels } from './tocHighlight';
import { useTranslate } from '../app/translate';

function TOCList({ items, className, activeId }: { items: TOCItem[]; className?: string; activeId?: string | null }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>
          <a
            href={`#${item.id}`}
            className={`table-of-contents__link toc-highlight${item.id === activeId ? ' table-of-contents__link--active' : ''}`}
            // The engine renders heading content as inline HTML.
            dangerouslySetInnerHTML={{ __html: item.value }}
          />
          {item.children && item.children.length > 0 && <TOCList items={item.children} activeId={activeId} />}
        </li>
      ))}
    </ul>
  );
}

function navbarHeight(): number {
  const navbar = document.querySelector('.navbar');
  return navbar ? navbar.getBoundingClientRect().height : 0;
}

/** The id of the heading the reader is at, recomputed on scroll and resize. */
function useTOCHighlight(items: TOCItem[]): string | null {
  const hideOnScroll = useSite().themeConfig.navbar.hideOnScroll;
  const [activeId, setActiveId] = useState<string | null>(null);
  useEffect(() => {
    const levels = tocLevels(items);
    if (!levels) return;
    const selector = anchorSelector(levels[0], levels[1]);
    const update = () => {
      const offset = hideOnScroll ? 0 : navbarHeight();
      setActiveId(activeAnchor(measureAnchors(selector), offset, window.innerHeight));
    };
    // The first highlight waits for the next frame: measuring right after
    // hydration would make the browser lay out the whole page at once, inside
    // hydration's task (a long page's largest piece of it); and on a phone
    // this column is gone by then.
    const first = requestAnimationFrame(update);
    document.addEventListener('scroll', update, { passive: true });
    document.addEventListener('resize', update);
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(first);
      document.removeEventListener('scroll', update);
      document.removeEventListener('resize', update);
      window.removeEventListener('resize', update);
    };
  }, [items, hideOnScroll]);
  return activeId;
}

/** The desktop table of contents: a sticky list beside the content, highlighting where the reader is. */
export function TOC({ items }: { items: TOCItem[] }) {
  const activeId = useTOCHighlight(items);
  const t = useTranslate();
  return (
    <nav aria-label={t('theme.TOCCollapsible.toggleButtonLabel', 'On this page')} className="theme-doc-toc-desktop table-of-contents-column thin-scrollbar">
      <HydrateLater>
        <TOCList items={items} activeId={activeId} className="table-of-contents table-of-contents__left-border" />
      </HydrateLater>
    </nav>
  );
}

/** The mobile table of contents: collapsed "On this page" at the top of the article; CSS hides it on desktops. */
export function TOCMobile({ items }: { items: TOCItem[] }) {
  const [collapsed, setCollapsed] = useState(true);
  const contentId = useId();
  const mounted = useLazyMounted(collapsed, true);
  const t = useTranslate();
  return (
    <div className={`theme-doc-toc-mobile toc-collapsible${collapsed ? '' : ' toc-collapsible--expanded'}`}>
      <button
        type="button"
        className="clean-btn toc-collapsible__button"
        aria-expanded={!collapsed}
        aria-controls={mounted ? contentId : undefined}
        onClick={() => setCollapsed((c) => !c)}
      >
        {t('theme.TOCCollapsible.toggleButtonLabel', 'On this page')}
      </button>
      <Collapsible lazy id={contentId} className="toc-collapsible__content" collapsed={collapsed}>
        <TOCList items={items} className="table-of-contents" />
      </Collapsible>
    </div>
  );
}
