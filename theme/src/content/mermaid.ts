// Renders the engine's <pre class="mermaid"> diagrams in the page's colour
// mode. The source stays in the page: it is hidden while its diagram shows,
// and shown again (with the error logged) when the library or a diagram
// fails, or when the diagram is re-rendered for another colour mode.
import { loadMermaid } from './mermaidLoader';

let renderCount = 0;

/**
 * Renders every diagram under root with the given mermaid theme. Resolves to
 * the function that removes the rendered diagrams again. `cancelled` is
 * asked between diagrams, so a page change stops the work.
 */
export async function renderMermaidDiagrams(root: HTMLElement, theme: string, cancelled: () => boolean): Promise<() => void> {
  const sources = Array.from(root.querySelectorAll<HTMLElement>('pre.mermaid'));
  const added: { pre: HTMLElement; diagram: HTMLElement }[] = [];
  const undo = () => {
    for (const { pre, diagram } of added) {
      diagram.remove();
      pre.hidden = false;
    }
  };
  if (sources.length === 0) return undo;

  let mermaid;
  try {
    mermaid = await loadMermaid();
  } catch (err) {
    console.error('Could not load the diagram library; the diagrams show as source text.', err);
    return undo;
  }
  if (cancelled()) return undo;
  mermaid.initialize({ startOnLoad: false, theme });

  for (const pre of sources) {
    if (cancelled()) break;
    try {
      const { svg, bindFunctions } = await mermaid.render(`mermaid-svg-${++renderCount}`, pre.textContent ?? '');
      if (cancelled()) break;
      const diagram = document.createElement('div');
      diagram.className = 'mermaid-diagram docusaurus-mermaid-container';
      diagram.innerHTML = svg;
      bindFunctions?.(diagram);
      pre.after(diagram);
      pre.hidden = true;
      added.push({ pre, diagram });
    } catch (err) {
      console.error('Could not render a diagram; it shows as source text.', err);
    }
  }
  return undo;
}
