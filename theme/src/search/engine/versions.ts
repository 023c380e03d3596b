// Which docs version a search covers (docs/search-index.md, "Query", step 5):
// the current page's version, or the last version when the reader is outside
// the docs, plus every page outside the docs (which include the latest
// version of every docs instance besides the default one).
import type { IndexMeta } from './files';

const OUTSIDE_DOCS = '';
const UNRELEASED = 'current';

/**
 * For each page, 1 when it may appear in results for a reader on `version`:
 * undefined or "" outside the docs; a name the index does not know counts as outside.
 */
export function includedPages(meta: IndexMeta, version: string | undefined): Uint8Array {
  const known = version !== undefined && version !== OUTSIDE_DOCS && meta.versions.includes(version);
  const wanted = known ? version : lastVersion(meta.versions);
  const included = meta.versions.map((name) => name === wanted || name === OUTSIDE_DOCS);
  const pages = new Uint8Array(meta.pages);
  meta.pageVersions.forEach((version, page) => {
    if (included[version]) pages[page] = 1;
  });
  return pages;
}

/**
 * The version served at the docs root. index.json does not name it, so this
 * follows Docusaurus's default: the newest released version (the first after
 * the unreleased "current" in site order), else "current" when it is the only one.
 * Versions of docs instances other than the default ("<pluginId>/<name>";
 * their latest version's pages are indexed as outside the docs) never are.
 */
export function lastVersion(versions: readonly string[]): string | undefined {
  const docs = versions.filter((name) => name !== OUTSIDE_DOCS && !name.includes('/'));
  return docs.find((name) => name !== UNRELEASED) ?? docs[0];
}
