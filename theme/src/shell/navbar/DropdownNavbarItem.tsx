// Navbar dropdowns (reference 3.3, 3.4).
// Desktop: the menu opens on hover (CSS only: .dropdown--hoverable:hover) or
// when Enter (or Space) on the trigger toggles the "show" state; a mousedown,
// touchstart or focus outside the dropdown closes it, so tabbing out closes
// it; Escape closes it and returns focus to the trigger.
// Mobile: a collapsible list in the mobile sidebar, collapsed unless it
// contains the current page.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Link } from '../../app/Link';
import { Collapsible } from '../../docs/Collapsible';
import { cx } from '../cx';
import { internalTarget, isItemActive, isMobileDropdownActive } from './activeState';
import type { NavEntry } from './types';
import { useActiveContext } from './useActiveContext';

interface DropdownProps {
  item: NavEntry;
  /** The label on the trigger. */
  label: ReactNode;
  /** The dropdown's items as data (for the mobile active state). */
  subItems: readonly NavEntry[];
  /** The dropdown's items, rendered. */
  children: ReactNode;
}

export function DesktopDropdown({ item, label, children }: DropdownProps) {
  const ctx = useActiveContext();
  const [show, setShow] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const to = internalTarget(item, ctx.baseUrl);

  useEffect(() => {
    const onOutside = (e: Event) => {
      const container = containerRef.current;
      if (!container || container.contains(e.target as Node)) return;
      setShow(false);
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, []);

  const onTriggerKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      setShow((s) => !s);
    }
  };
  // Focus on the trigger opens the menu (spec section 4), except when
  // Escape has just closed it and handed focus back.
  const returningFocus = useRef(false);
  const onTriggerFocus = () => {
    if (!returningFocus.current) setShow(true);
    returningFocus.current = false;
  };
  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && show) {
      setShow(false);
      returningFocus.current = true;
      containerRef.current?.querySelector<HTMLElement>(':scope > .navbar__link')?.focus();
    }
  };

  const triggerProps = {
    className: cx('navbar__link', item.isActive ?? (to !== undefined && isItemActive(item, ctx)) ? 'navbar__link--active' : false, item.className),
    role: 'button',
    'aria-haspopup': 'true' as const,
    'aria-expanded': show,
    onKeyDown: onTriggerKeyDown,
    onFocus: onTriggerFocus,
  };
  return (
    <div
      ref={containerRef}
      className={cx('navbar__item dropdown dropdown--hoverable', item.position === 'right' && 'dropdown--right', show && 'dropdown--show')}
      data-state={show ? 'open' : 'closed'}
      onKeyDown={onMenuKeyDown}
    >
      {to ? (
        <Link to={to} autoAddBaseUrl={false} {...triggerProps}>
          {label}
        </Link>
      ) : (
        <a href="#" {...triggerProps} onClick={(e: MouseEvent) => e.preventDefault()}>
          {label}
        </a>
      )}
      <ul className="dropdown__menu">{children}</ul>
    </div>
  );
}

export function MobileDropdown({ item, label, subItems, children }: DropdownProps) {
  const ctx = useActiveContext();
  const active = item.isActive ?? isMobileDropdownActive(item, subItems, ctx);
  const [collapsed, setCollapsed] = useState(!active);
  const listId = useId();
  // Navigating into the dropdown's section opens it.
  useEffect(() => {
    if (active) setCollapsed(false);
  }, [active]);
  const to = item.to ? internalTarget(item, ctx.baseUrl) : undefined;
  const ownActive = !!to && to.replace(/\/$/, '').toLowerCase() === ctx.pathname.replace(/\/$/, '').toLowerCase();
  const toggle = () => setCollapsed((c) => !c);

  const labelClass = cx('menu__link menu__link--sublist', item.className);
  return (
    <li className={cx('menu__list-item', collapsed && 'menu__list-item--collapsed')}>
      <div className={cx('menu__list-item-collapsible', ownActive && 'menu__list-item-collapsible--active')}>
        {to ? (
          <Link to={to} autoAddBaseUrl={false} className={labelClass} role="button" aria-expanded={!collapsed} onClick={toggle}>
            {label}
          </Link>
        ) : (
          <a
            href="#"
            className={labelClass}
            role="button"
            aria-expanded={!collapsed}
            aria-controls={listId}
            onClick={(e) => {
              e.preventDefault();
              toggle();
            }}
          >
            {label}
          </a>
        )}
        <button
          type="button"
          className="clean-btn menu__caret"
          aria-label={collapsed ? 'Expand the dropdown' : 'Collapse the dropdown'}
          aria-expanded={!collapsed}
          aria-controls={listId}
          onClick={(e) => {
            e.preventDefault();
            toggle();
          }}
        />
      </div>
      <Collapsible as="ul" id={listId} className="menu__list" collapsed={collapsed} lazy>
        {children}
      </Collapsible>
    </li>
  );
}
