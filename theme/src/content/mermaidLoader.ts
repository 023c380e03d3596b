// Loads the diagram library on demand: only pages with diagrams
// (PageData.hasMermaid) pay for it, and never the server render.

/** The part of the mermaid API Portal uses. */
export interface MermaidAPI {
  initialize(config: { startOnLoad: boolean; theme: string }): void;
  render(id: string, text: string): Promise<{ svg: string; bindFunctions?: (element: Element) => void }>;
}

/** A lazy chunk of its own: Vite splits the dynamic import out of the entry. */
function importMermaid(): Promise<{ default?: MermaidAPI } & Partial<MermaidAPI>> {
  return import('mermaid') as unknown as Promise<{ default?: MermaidAPI } & Partial<MermaidAPI>>;
}

let pending: Promise<MermaidAPI> | null = null;

/** The mermaid library, imported once; a failed import is retried on the next call. */
export function loadMermaid(): Promise<MermaidAPI> {
  if (!pending) {
    pending = importMermaid().then((m) => (m.default ?? m) as MermaidAPI);
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}
