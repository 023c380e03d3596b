// Behaviour for the tabs in content (reference 10.8; the markup is
// content/components/Tabs.tsx): click or Enter selects a tab,
// ArrowLeft/ArrowRight move the focus (wrapping), and groups sharing a
// groupId switch together and remember the choice in local storage under
// docusaurus.tab.<groupId>, also across browser tabs. A group with
// data-query-string (Docusaurus's queryString) also mirrors its choice in
// that URL search parameter: the parameter wins over the stored choice on
// load, and a choice replaces it in the address (history.replaceState).
import { readStorage, writeStorage } from '../utils/storage';

export const TAB_STORAGE_PREFIX = 'docusaurus.tab.';

/** The container's own tabs (not those of tabs nested in its panels). */
function ownTabs(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]'));
}

function ownPanels(container: Element): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(':scope > .tabs__panels > [role="tabpanel"]'));
}

/** Selects the tab with this value; false (and no change) when the group has none. */
export function selectTab(container: Element, value: string): boolean {
  const tabs = ownTabs(container);
  if (!tabs.some((t) => t.dataset.value === value)) return false;
  const panels = ownPanels(container);
  for (const tab of tabs) {
    const selected = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    tab.classList.toggle('tabs__item--active', selected);
    const panel = panels.find((p) => p.id === tab.getAttribute('aria-controls'));
    if (panel) panel.hidden = !selected;
  }
  return true;
}

function groupContainers(root: Element, groupId: string): Element[] {
  return Array.from(root.querySelectorAll<HTMLElement>('.tabs-container')).filter((c) => c.dataset.groupId === groupId);
}

export interface TabsOptions {
  /**
   * Scrolls the page by dy pixels to keep a switched tab where it was; the
   * shell passes one that its scroll listeners ignore.
   */
  scrollBy?: (dy: number) => void;
}

/** Adds tab behaviour to every tabs container under root; returns the undo. */
export function enhanceTabs(root: HTMLElement, { scrollBy = (dy) => window.scrollBy(0, dy) }: TabsOptions = {}): () => void {
  if (!root.querySelector('.tabs-container')) return () => {};

  const syncGroup = (groupId: string, value: string) => {
    for (const c of groupContainers(root, groupId)) selectTab(c, value);
  };

  // A remembered choice wins over the page's default.
  const groups = new Set(Array.from(root.querySelectorAll<HTMLElement>('.tabs-container[data-group-id]')).map((c) => c.dataset.groupId!));
  for (const groupId of groups) {
    const stored = readStorage(TAB_STORAGE_PREFIX + groupId);
    if (stored !== null) syncGroup(groupId, stored);
  }
  // The URL's choice wins over both, as in Docusaurus (queryString ?? storage).
  const params = new URLSearchParams(window.location.search);
  for (const c of Array.from(root.querySelectorAll<HTMLElement>('.tabs-container[data-query-string]'))) {
    const value = params.get(c.dataset.queryString!);
    if (value === null) continue;
    if (!selectTab(c, value)) continue;
    if (c.dataset.groupId) syncGroup(c.dataset.groupId, value);
  }

  const activate = (tab: HTMLElement) => {
    const container = tab.closest<HTMLElement>('.tabs-container');
    const value = tab.dataset.value;
    if (!container || value === undefined) return;
    // Groups above may change height; keep the chosen tab where the reader sees it.
    const before = tab.getBoundingClientRect().top;
    selectTab(container, value);
    const groupId = container.dataset.groupId;
    if (groupId) {
      syncGroup(groupId, value);
      writeStorage(TAB_STORAGE_PREFIX + groupId, value);
    }
    const queryKey = container.dataset.queryString;
    if (queryKey) {
      const url = new URL(window.location.href);
      url.searchParams.set(queryKey, value);
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    const shift = tab.getBoundingClientRect().top - before;
    if (shift !== 0) scrollBy(shift);
  };

  const tabOf = (target: EventTarget | null): HTMLElement | null => {
    const tab = target instanceof Element ? target.closest<HTMLElement>('[role="tab"]') : null;
    return tab && root.contains(tab) && tab.parentElement?.parentElement?.classList.contains('tabs-container') ? tab : null;
  };

  const onClick = (e: MouseEvent) => {
    const tab = tabOf(e.target);
    if (tab) activate(tab);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const tab = tabOf(e.target);
    if (!tab || e.altKey || e.ctrlKey || e.metaKey) return;
    const siblings = ownTabs(tab.parentElement!.parentElement!);
    const index = siblings.indexOf(tab);
    let focus: HTMLElement;
    switch (e.key) {
      case 'Enter':
      case ' ':
        e.preventDefault();
        activate(tab);
        return;
      case 'ArrowRight':
        focus = siblings[(index + 1) % siblings.length];
        break;
      case 'ArrowLeft':
        focus = siblings[(index - 1 + siblings.length) % siblings.length];
        break;
      default:
        return;
    }
    e.preventDefault();
    focus.focus();
  };

  // Another browser tab, or writeStorage in this one, changed a group.
  const onStorage = (e: StorageEvent) => {
    if (!e.key?.startsWith(TAB_STORAGE_PREFIX) || e.newValue === null) return;
    syncGroup(e.key.slice(TAB_STORAGE_PREFIX.length), e.newValue);
  };

  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  window.addEventListener('storage', onStorage);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('storage', onStorage);
  };
}
