// doc and docsVersion items follow the reader's docs version (reference
// 3.2, 4.6): the engine resolves them against the latest version, and the
// shell re-resolves them against the version candidates (active version,
// preferred version, latest) using the version catalogue.
import type { VersionData } from '../../contract.gen';
import { mainDocPath } from '../docsVersions';
import type { NavEntry } from './types';

/** A doc item pointed at the doc in the first candidate version that has it. */
export function resolveDocItem(item: NavEntry, candidates: readonly VersionData[]): NavEntry {
  if (!item.docId) return item;
  for (const version of candidates) {
    const doc = version.docs[item.docId];
    if (doc) return { ...item, resolvedTo: doc.path, activeSidebar: doc.sidebar ?? '' };
  }
  return item; // the engine's resolution (latest version)
}

/** A docsVersion item pointed at the first candidate version. */
export function resolveDocsVersionItem(item: NavEntry, candidates: readonly VersionData[]): NavEntry {
  const version = candidates[0];
  if (!version) return item;
  return { ...item, resolvedTo: mainDocPath(version), resolvedLabel: version.label };
}
