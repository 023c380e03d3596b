// Local storage that never throws: storage can be unavailable (privacy
// modes, iframes), and the shell must keep working without it (reference 0.7).
// Writes dispatch a same-window storage event so other hooks in this tab
// react the way they would to a change from another tab.

let warned = false;

function storage(): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return window.localStorage;
  } catch {
    if (!warned) {
      warned = true;
      console.warn('Browser storage is not available; preferences will not be remembered.');
    }
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch (err) {
    console.error(`Could not read ${key} from storage`, err);
    return null;
  }
}

function dispatch(key: string, oldValue: string | null, newValue: string | null) {
  if (oldValue === newValue) return;
  const area = storage();
  if (!area) return;
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: area }));
}

export function writeStorage(key: string, value: string): void {
  const area = storage();
  if (!area) return;
  try {
    const old = area.getItem(key);
    area.setItem(key, value);
    dispatch(key, old, value);
  } catch (err) {
    console.error(`Could not write ${key} to storage`, err);
  }
}

export function removeStorage(key: string): void {
  const area = storage();
  if (!area) return;
  try {
    const old = area.getItem(key);
    area.removeItem(key);
    dispatch(key, old, null);
  } catch (err) {
    console.error(`Could not remove ${key} from storage`, err);
  }
}

/** Storage keys, exactly as the site being replaced used them. */
export const StorageKeys = {
  colorMode: 'theme',
  announcementDismiss: 'docusaurus.announcement.dismiss',
  announcementId: 'docusaurus.announcement.id',
  preferredVersion: (pluginId: string) => `docs-preferred-version-${pluginId}`,
} as const;
