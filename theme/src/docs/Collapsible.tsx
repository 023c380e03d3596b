// A block that collapses and expands with the height animation of
// collapse.ts (reference 3.7). The state is rendered as data-state, which
// the CSS resting states key on, so the server HTML is already right.
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { animateCollapse } from './collapse';

interface CollapsibleProps {
  collapsed: boolean;
  /**
   * Lazy collapsibles mount nothing (not even their element) until first
   * expanded, then stay mounted. Long sidebars keep their server HTML small.
   */
  lazy?: boolean;
  as?: 'div' | 'ul';
  id?: string;
  className?: string;
  /** Called when an animation has finished, with the state it ended in. */
  onTransitionEnd?: (collapsed: boolean) => void;
  /** Markup to use instead of children (the server's shortcut for long link lists). */
  html?: string;
  children: ReactNode;
}

function CollapsibleBase({ collapsed, as: Tag = 'div', id, className, onTransitionEnd, html, children }: Omit<CollapsibleProps, 'lazy'>) {
  const ref = useRef<HTMLElement>(null);
  const shown = useRef(collapsed);
  const onEnd = useRef(onTransitionEnd);
  onEnd.current = onTransitionEnd;

  // First mount applies the state without animation; every later change
  // animates. Comparing with the last state (not "first run") keeps this
  // right when effects run twice.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || shown.current === collapsed) return;
    shown.current = collapsed;
    return animateCollapse(el, collapsed, () => onEnd.current?.(collapsed));
  }, [collapsed]);

  const props = {
    id,
    className: className ? `collapsible ${className}` : 'collapsible',
    'data-state': collapsed ? 'closed' : 'open',
    ...(html === undefined ? { children } : { dangerouslySetInnerHTML: { __html: html } }),
  };
  return Tag === 'ul' ? <ul ref={ref as RefObject<HTMLUListElement>} {...props} /> : <div ref={ref as RefObject<HTMLDivElement>} {...props} />;
}

/** Whether a lazy collapsible's content exists yet (for aria-controls). */
export function useLazyMounted(collapsed: boolean, lazy: boolean): boolean {
  const [mounted, setMounted] = useState(!lazy || !collapsed);
  if (!mounted && !collapsed) setMounted(true);
  return mounted;
}

export function Collapsible({ lazy = false, collapsed, ...rest }: CollapsibleProps) {
  const mounted = useLazyMounted(collapsed, lazy);
  // A lazy collapsible's first expansion mounts it collapsed, then expands
  // it, so that first expansion animates too.
  const [baseCollapsed, setBaseCollapsed] = useState(collapsed);
  useLayoutEffect(() => {
    if (mounted) setBaseCollapsed(collapsed);
  }, [mounted, collapsed]);
  if (!mounted) return null;
  return <CollapsibleBase collapsed={lazy ? baseCollapsed : collapsed} {...rest} />;
}
