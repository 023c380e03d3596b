// Docs versions as the shell sees them (reference 4.6, 5.8, 5.9): which
// version the reader is in, and where the same doc lives in another version.
// Pure functions over the engine's version catalogue (SiteData.docs).
import type { VersionData } from '../contract.gen';

function withSlash(path: string): string {
  return path.endsWith('/') ? path : path + '/';
}

/** The version whose path is the longest prefix of the pathname, if any. */
export function activeVersionFor(versions: readonly VersionData[], pathname: string): VersionData | null {
  const path = withSlash(pathname).toLowerCase();
  let best: VersionData | null = null;
  for (const v of versions) {
    const prefix = withSlash(v.path).toLowerCase();
    if (path.startsWith(prefix) && (!best || prefix.length > withSlash(best.path).length)) best = v;
  }
  return best;
}

/** The last (latest released) version; the first one when none is marked. */
export function latestVersion(versions: readonly VersionData[]): VersionData | null {
  return versions.find((v) => v.isLast) ?? versions[0] ?? null;
}

/** The path of a version's main doc, else the version's own path. */
export function mainDocPath(version: VersionData): string {
  return version.docs[version.mainDocId]?.path ?? version.path;
}

/** The same doc in that version if it exists there, else its main doc. */
export function docPathInVersion(version: VersionData, docId: string | undefined): string {
  const same = docId ? version.docs[docId] : undefined;
  return same?.path ?? mainDocPath(version);
}

/**
 * Version candidates: the active version, the preferred one, the latest,
 * without duplicates or nulls. Doc-based navbar items and the version
 * dropdown's label use the first candidate that fits.
 */
export function versionCandidates(...versions: (VersionData | null | undefined)[]): VersionData[] {
  const out: VersionData[] = [];
  for (const v of versions) if (v && !out.some((o) => o.name === v.name)) out.push(v);
  return out;
}
