// "Copy page" and "View as Markdown" (docs/agents.md): the page's Markdown
// for an assistant, to the clipboard or in a tab. The copy fetches the file
// only when asked, so the page loads nothing more for it.
import { useState } from 'react';

/** The page's Markdown file: index.md beside the route's index.html. */
export function markdownURL(routePath: string): string {
  return routePath.endsWith('/') ? `${routePath}index.md` : `${routePath}.md`;
}

export function PageActions({ routePath }: { routePath: string }) {
  const [status, setStatus] = useState('');
  const url = markdownURL(routePath);
  const copy = async () => {
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setStatus('Page copied as Markdown');
    } catch {
      setStatus('Could not copy the page');
    }
  };
  return (
    <div className="page-actions">
      <button type="button" className="page-actions__action" onClick={() => void copy()}>
        Copy page
      </button>
      <a className="page-actions__action" href={url} type="text/markdown">
        View as Markdown
      </a>
      <span className="sr-only" role="status">
        {status}
      </span>
    </div>
  );
}
