// The keys that open search from anywhere on the page (DocSearch's): Ctrl+K
// or Cmd+K toggle the modal, also from inside a text field, as the replaced
// site did; "/" opens it unless the reader is typing.

/** Where a typed "/" is text, not a shortcut. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])') !== null;
}

/**
 * What a keydown asks of search: "toggle" for Ctrl/Cmd+K, "open" for "/"
 * outside text fields while closed, else null. Ctrl/Cmd+K with Shift or Alt
 * is left to the browser (Ctrl+Shift+K is Firefox's console); "/" is matched
 * by the character, so layouts that type it with Shift work too.
 */
export function searchShortcut(e: KeyboardEvent, open: boolean): 'toggle' | 'open' | null {
  if (e.defaultPrevented || e.isComposing) return null;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') return 'toggle';
  if (!open && e.key === '/' && !e.ctrlKey && !e.metaKey && !isEditable(e.target)) return 'open';
  return null;
}

/** Apple keyboards say ⌘ where others say Ctrl. */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);
}
