// Renders the engine's <pre class="mermaid"> diagrams in the page's colour
// mode, each when it comes near the viewport, and all of them before the page
// prints: the diagram library (about 200 KB compressed) is fetched only when
// a diagram is about to be seen, never with the page itself (issue 16).
//
// The source stays in the page. Until its diagram shows it keeps the
// diagram's place as a blank block of its own size (theme.css): a reader
// without JavaScript, and anyone when the library or a diagram fails, sees it
// as a readable code block instead (the failure is logged). Diagrams are
// rendered a screen and a half ahead of the reader, so the switch from the
// placeholder to the diagram happens off screen.
import { loadMermaid, type MermaidAPI } from './mermaidLoader';

let renderCount = 0;

/** How far from the viewport a diagram starts rendering: a screen and a half. */
export const RENDER_AHEAD = '150% 0px';

/** Marks a source shown as text because its diagram could not be drawn. */
export const SOURCE_SHOWN_CLASS = 'mermaid--source';

/**
 * The policy-safe rendering (mermaidCsp.ts), a chunk of its own: like the
 * library, only pages with diagrams fetch it, when a diagram is near.
 */
function importCsp() {
  return import('./mermaidCsp');
}

interface Rendered {
  pre: HTMLElement;
  diagram: HTMLElement;
}

/**
 * Renders one diagram without inline styles (the site's policy blocks them);
 * the functions that remove the CSS it adopted are pushed to removers.
 */
async function renderOne(mermaid: MermaidAPI, pre: HTMLElement, removers: (() => void)[]): Promise<Rendered | null> {
  try {
    const id = `mermaid-svg-${++renderCount}`;
    const { renderWithoutInlineStyles, svgWithoutInlineStyles } = await importCsp();
    const { svg, bindFunctions } = await renderWithoutInlineStyles(() => mermaid.render(id, pre.textContent ?? ''), removers);
    const diagram = document.createElement('div');
    diagram.className = 'mermaid-diagram docusaurus-mermaid-container';
    const { svg: element, removeCss } = svgWithoutInlineStyles(svg);
    if (removeCss) removers.push(removeCss);
    diagram.append(element);
    bindFunctions?.(diagram);
    return { pre, diagram };
  } catch (err) {
    console.error('Could not render a diagram; it shows as source text.', err);
    pre.classList.add(SOURCE_SHOWN_CLASS);
    return null;
  }
}

/**
 * Watches every diagram under root and renders each with the given mermaid
 * theme when it nears the viewport (at once where IntersectionObserver is
 * missing), and every one left when the page is about to print. Returns the
 * function that stops watching and removes the rendered diagrams again.
 */
export function watchMermaidDiagrams(root: HTMLElement, theme: string): () => void {
  const sources = Array.from(root.querySelectorAll<HTMLElement>('pre.mermaid'));
  if (sources.length === 0) return () => {};
  const waiting = new Set(sources);
  const queue: HTMLElement[] = [];
  const rendered: Rendered[] = [];
  const removers: (() => void)[] = [];
  let stopped = false;
  let draining = false;

  const drain = async () => {
    draining = true;
    try {
      let mermaid: MermaidAPI;
      try {
        mermaid = await loadMermaid();
      } catch (err) {
        console.error('Could not load the diagram library; the diagrams show as source text.', err);
        for (const pre of [...queue, ...waiting]) pre.classList.add(SOURCE_SHOWN_CLASS);
        queue.length = 0;
        waiting.clear();
        return;
      }
      if (stopped) return;
      mermaid.initialize({ startOnLoad: false, theme });
      while (queue.length > 0 && !stopped) {
        const result = await renderOne(mermaid, queue.shift()!, removers);
        if (!result) continue;
        if (stopped) return;
        result.pre.after(result.diagram);
        result.pre.hidden = true;
        rendered.push(result);
      }
    } finally {
      draining = false;
    }
    if (queue.length > 0 && !stopped) void drain();
  };

  const render = (pres: Iterable<HTMLElement>) => {
    for (const pre of pres) {
      if (!waiting.delete(pre)) continue;
      observer?.unobserve(pre);
      queue.push(pre);
    }
    if (queue.length > 0 && !draining) void drain();
  };

  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => render(entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement)), {
          rootMargin: RENDER_AHEAD,
        })
      : null;
  if (observer) sources.forEach((pre) => observer.observe(pre));
  else render(sources);
  const beforePrint = () => render([...waiting]);
  window.addEventListener('beforeprint', beforePrint);

  return () => {
    stopped = true;
    observer?.disconnect();
    window.removeEventListener('beforeprint', beforePrint);
    for (const { pre, diagram } of rendered) {
      diagram.remove();
      pre.hidden = false;
    }
    for (const pre of sources) pre.classList.remove(SOURCE_SHOWN_CLASS);
    for (const remove of removers.splice(0)) remove();
  };
}
