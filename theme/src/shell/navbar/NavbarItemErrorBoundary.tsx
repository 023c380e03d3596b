// Each top-level desktop navbar item renders inside this boundary, so a
// crash names the item that caused it (reference 3.2 "Render failure
// report"). The wrapped error goes on up to the app's boundary.
import { Component, type ReactNode } from 'react';
import type { NavEntry } from './types';

/** The item as the author wrote it: without what the engine added when resolving it. */
export function itemConfig(item: NavEntry): Record<string, unknown> {
  const { resolvedTo: _to, resolvedLabel: _label, activeSidebar: _sidebar, items, ...config } = item;
  return items ? { ...config, items: items.map(itemConfig) } : config;
}

export function navbarItemFailure(item: NavEntry, cause: unknown): Error {
  const message =
    'A theme navbar item failed to render.\n' +
    'Please double-check the following navbar item (themeConfig.navbar.items) of your Portal config:\n' +
    JSON.stringify(itemConfig(item), null, 2);
  const error = new Error(message, { cause });
  // Engines without ES2022 error causes ignore the option.
  if ((error as { cause?: unknown }).cause !== cause) Object.defineProperty(error, 'cause', { value: cause, configurable: true, writable: true });
  return error;
}

interface Props {
  item: NavEntry;
  children: ReactNode;
}

export class NavbarItemErrorBoundary extends Component<Props, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (this.state.error !== null) throw navbarItemFailure(this.props.item, this.state.error);
    return this.props.children;
  }
}
