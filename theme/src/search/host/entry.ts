// The search engine outside the browser: the Go side (`portal mcp`) runs
// this bundle in QuickJS so that tools answer with the very ranking the
// site's search box gives. Index files come from the Go host, read from the
// built site, never from the network.
import { createSearchEngine, type SearchHit, type SearchOptions } from '../engine';

declare const __portalReadFile: (path: string) => [string, string];

async function readIndexFile(url: string): Promise<{ json: unknown; bytes: number }> {
  const [text, problem] = __portalReadFile(url);
  if (problem) throw new Error(problem);
  return { json: JSON.parse(text), bytes: text.length };
}

const engines = new Map<string, ReturnType<typeof createSearchEngine>>();

/** The best pages for query in the index whose meta file is at indexURL. */
function portalSearch(indexURL: string, query: string, options: SearchOptions): Promise<SearchHit[]> {
  let engine = engines.get(indexURL);
  if (!engine) {
    engine = createSearchEngine(indexURL, readIndexFile);
    engines.set(indexURL, engine);
  }
  return engine.search(query, options);
}

(globalThis as { portalSearch?: typeof portalSearch }).portalSearch = portalSearch;
