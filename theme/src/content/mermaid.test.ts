import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_AHEAD, SOURCE_SHOWN_CLASS, watchMermaidDiagrams } from './mermaid';
import { svgWithoutInlineStyles } from './mermaidCsp';
import { loadMermaid, type MermaidAPI } from './mermaidLoader';

vi.mock('./mermaidLoader', () => ({ loadMermaid: vi.fn() }));

/** An IntersectionObserver the test drives: `show(el)` reports el near the viewport. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Set<Element> }[] = [];
  class FakeObserver {
    private readonly entry;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, options, targets: new Set<Element>() };
      observers.push(this.entry);
    }
    observe(el: Element) {
      this.entry.targets.add(el);
    }
    unobserve(el: Element) {
      this.entry.targets.delete(el);
    }
    disconnect() {
      this.entry.targets.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    show(el: Element) {
      for (const o of observers) {
        if (o.targets.has(el)) o.callback([{ target: el, isIntersecting: true } as unknown as IntersectionObserverEntry], o as unknown as IntersectionObserver);
      }
    },
  };
}

function page(diagrams: number): { root: HTMLElement; sources: HTMLElement[] } {
  const root = document.createElement('div');
  root.innerHTML = Array.from({ length: diagrams }, (_, i) => `<p>Step ${i}</p><pre class="mermaid">graph TD;\n  A${i}--&gt;B${i};\n</pre>`).join('\n');
  document.body.appendChild(root);
  return { root, sources: Array.from(root.querySelectorAll<HTMLElement>('pre.mermaid')) };
}

let mermaid: { initialize: ReturnType<typeof vi.fn>; render: ReturnType<typeof vi.fn> };
beforeEach(() => {
  mermaid = {
    initialize: vi.fn(),
    render: vi.fn(async (id: string, text: string) => ({ svg: `<svg xmlns="http://www.w3.org/2000/svg" id="${id}" data-source="${text.trim()}"></svg>` })),
  };
  vi.mocked(loadMermaid).mockResolvedValue(mermaid as unknown as MermaidAPI);
});
afterEach(() => {
  vi.mocked(loadMermaid).mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('watchMermaidDiagrams', () => {
  it('fetches the library only when a diagram nears the viewport, and renders each as it does', async () => {
    const io = fakeIntersectionObserver();
    const { root, sources } = page(2);
    watchMermaidDiagrams(root, 'neutral');
    expect(io.observers[0].options?.rootMargin).toBe(RENDER_AHEAD);
    await Promise.resolve();
    expect(loadMermaid).not.toHaveBeenCalled();

    io.show(sources[0]);
    await waitFor(() => expect(root.querySelectorAll('.mermaid-diagram')).toHaveLength(1));
    expect(mermaid.initialize).toHaveBeenCalledWith({ startOnLoad: false, theme: 'neutral' });
    expect(sources[0].hidden).toBe(true);
    expect(sources[0].nextElementSibling!.querySelector('svg')!.dataset.source).toBe('graph TD;   A0-->B0;'); // XML turns the attribute's newline into a space
    expect(sources[1].hidden).toBe(false);

    io.show(sources[1]);
    await waitFor(() => expect(root.querySelectorAll('.mermaid-diagram')).toHaveLength(2));
    // Shown again (scrolling back): rendered once only.
    io.show(sources[0]);
    await Promise.resolve();
    expect(mermaid.render).toHaveBeenCalledTimes(2);
  });

  it('renders every diagram left before the page prints', async () => {
    fakeIntersectionObserver();
    const { root } = page(3);
    watchMermaidDiagrams(root, 'neutral');
    window.dispatchEvent(new Event('beforeprint'));
    await waitFor(() => expect(root.querySelectorAll('.mermaid-diagram')).toHaveLength(3));
  });

  it('shows the sources as text, and logs why, when the library cannot be loaded', async () => {
    const io = fakeIntersectionObserver();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadMermaid).mockRejectedValue(new Error('offline'));
    const { root, sources } = page(2);
    watchMermaidDiagrams(root, 'neutral');
    io.show(sources[0]);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(String(error.mock.calls[0][0])).toMatch(/diagram library/);
    for (const pre of sources) expect(pre).toHaveClass(SOURCE_SHOWN_CLASS);
  });

  it('stops watching and removes its diagrams when undone', async () => {
    const io = fakeIntersectionObserver();
    const { root, sources } = page(2);
    const undo = watchMermaidDiagrams(root, 'neutral');
    io.show(sources[0]);
    await waitFor(() => expect(root.querySelectorAll('.mermaid-diagram')).toHaveLength(1));
    undo();
    expect(root.querySelector('.mermaid-diagram')).toBeNull();
    expect(sources[0].hidden).toBe(false);
    io.show(sources[1]);
    window.dispatchEvent(new Event('beforeprint'));
    await Promise.resolve();
    expect(mermaid.render).toHaveBeenCalledTimes(1);
  });
});

describe('svgWithoutInlineStyles', () => {
  it('moves the <style> out of the diagram and applies style attributes through element.style', () => {
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg" id="mermaid-svg-1" style="max-width: 300px;">' +
      '<style>#mermaid-svg-1 .actor{stroke:#123456}</style>' +
      '<g class="actor" style="fill: red;"><text>Patient app</text></g></svg>';
    const { svg, removeCss } = svgWithoutInlineStyles(markup);
    expect(svg.ownerDocument).toBe(document);
    expect(svg.querySelector('style')).toBeNull();
    expect((svg as SVGElement).style.maxWidth).toBe('300px');
    expect((svg.querySelector('g') as SVGGElement).style.fill).toBe('red');
    expect(svg.querySelector('[data-portal-style]')).toBeNull();
    expect(svg.textContent).toBe('Patient app');
    expect(removeCss).not.toBeNull();
    removeCss?.();
  });

  it('leaves text that merely mentions style= alone', () => {
    const { svg } = svgWithoutInlineStyles('<svg xmlns="http://www.w3.org/2000/svg"><text>set style= here</text></svg>');
    expect(svg.textContent).toBe('set style= here');
  });
});
