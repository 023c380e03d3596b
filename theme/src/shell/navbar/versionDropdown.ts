// The docs version dropdown (reference 5.9): one entry per version (or the
// configured subset and labels), each linking to the current doc in that
// version, else that version's main doc, keeping the search and hash.
import type { VersionData } from '../../contract.gen';
import type { Location } from '../../app/router';
import { docPathInVersion } from '../docsVersions';

export interface VersionChoice {
  version: VersionData;
  label: string;
}

/**
 * The versions the dropdown lists: all of them, or those named by the
 * item's `versions` (a list of names, or a map of name → {label}).
 * An unknown name throws the replaced site's error (reference 6).
 */
export function dropdownVersions(all: readonly VersionData[], config: unknown): VersionChoice[] {
  if (config === undefined || config === null) return all.map((version) => ({ version, label: version.label }));
  const wanted: { name: string; label?: string }[] = Array.isArray(config)
    ? config.map((name) => ({ name: String(name) }))
    : Object.entries(config as Record<string, { label?: string } | null>).map(([name, v]) => ({ name, label: v?.label }));
  return wanted.map(({ name, label }) => {
    const version = all.find((v) => v.name === name);
    if (!version) {
      throw new Error(
        `No docs version exist for name '${name}', please verify your 'docsVersionDropdown' navbar item versions config.\nAvailable version names:\n${all.map((v) => `- ${v.name}`).join('\n')}`,
      );
    }
    return { version, label: label ?? version.label };
  });
}

/** Where a version's entry links: the same doc (or the main doc) plus the current search and hash. */
export function versionEntryTarget(version: VersionData, docId: string | undefined, location: Pick<Location, 'search' | 'hash'>): string {
  return docPathInVersion(version, docId) + location.search + location.hash;
}

/** The version the button shows: the first candidate in the list, else the first entry. */
export function dropdownVersion(choices: readonly VersionChoice[], candidates: readonly VersionData[]): VersionChoice | undefined {
  for (const c of candidates) {
    const found = choices.find((choice) => choice.version.name === c.name);
    if (found) return found;
  }
  return choices[0];
}
