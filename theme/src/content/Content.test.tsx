import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useColorMode } from '../shell/colorMode';
import { renderWithSite } from '../shell/test-utils';
import { Content } from './Content';
import { loadMermaid, type MermaidAPI } from './mermaidLoader';

vi.mock('./mermaidLoader', () => ({ loadMermaid: vi.fn() }));

const DIAGRAM = '<p>Flow:</p>\n<pre class="mermaid">graph TD;\n  A--&gt;B;\n</pre>\n';

let mermaid: { initialize: ReturnType<typeof vi.fn>; render: ReturnType<typeof vi.fn> };
beforeEach(() => {
  mermaid = {
    initialize: vi.fn(),
    render: vi.fn(async (id: string, text: string) => ({ svg: `<svg id="${id}" data-source="${text.trim()}"></svg>` })),
  };
  vi.mocked(loadMermaid).mockResolvedValue(mermaid as unknown as MermaidAPI);
});
afterEach(() => {
  vi.mocked(loadMermaid).mockReset();
  vi.restoreAllMocks();
});

let setMode: (mode: 'light' | 'dark') => void = () => {};
function ModeSwitch() {
  setMode = useColorMode().setColorMode;
  return null;
}

describe('Content', () => {
  it('marks the document when a later page arrives at an anchor, and clears the mark for one that does not', () => {
    function Pages() {
      const [html, setHtml] = useState('<p>A</p>');
      return (
        <>
          <button onClick={() => setHtml((h) => h + '<p>next</p>')}>next page</button>
          <Content html={html} />
        </>
      );
    }
    const marked = () => document.documentElement.hasAttribute('data-portal-positioned');
    renderWithSite(<Pages />);
    // The first page keeps what the head script decided.
    expect(marked()).toBe(false);
    window.history.pushState(null, '', '/docs/b/#scopes');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(marked()).toBe(true);
    window.history.pushState(null, '', '/docs/c/');
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(marked()).toBe(false);
    window.history.replaceState(null, '', '/');
  });


  it('renders the engine HTML as it is', () => {
    renderWithSite(<Content html="<p>Hello <strong>reader</strong></p>" className="markdown" />);
    expect(screen.getByText('reader').tagName).toBe('STRONG');
  });

  it('does not load the diagram library for pages without diagrams', async () => {
    renderWithSite(<Content html={DIAGRAM} />);
    await act(async () => {});
    expect(loadMermaid).not.toHaveBeenCalled();
  });

  it('renders diagrams with the light theme, hiding their source', async () => {
    const { container } = renderWithSite(<Content html={DIAGRAM} hasMermaid />);
    await waitFor(() => expect(container.querySelector('.mermaid-diagram svg')).not.toBeNull());
    expect(loadMermaid).toHaveBeenCalledOnce();
    expect(mermaid.initialize).toHaveBeenCalledWith({ startOnLoad: false, theme: 'neutral' });
    expect(mermaid.render).toHaveBeenCalledWith(expect.any(String), 'graph TD;\n  A-->B;\n');
    expect(container.querySelector<HTMLElement>('pre.mermaid')!.hidden).toBe(true);
  });

  it('renders again with the dark theme when the colour mode changes', async () => {
    const { container } = renderWithSite(
      <>
        <ModeSwitch />
        <Content html={DIAGRAM} hasMermaid />
      </>,
    );
    await waitFor(() => expect(container.querySelectorAll('.mermaid-diagram')).toHaveLength(1));
    act(() => setMode('dark'));
    await waitFor(() => expect(mermaid.initialize).toHaveBeenLastCalledWith({ startOnLoad: false, theme: 'dark' }));
    await waitFor(() => expect(mermaid.render).toHaveBeenCalledTimes(2));
    expect(container.querySelectorAll('.mermaid-diagram')).toHaveLength(1);
  });

  it('keeps the source and logs the error when the library fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(loadMermaid).mockRejectedValue(new Error('offline'));
    const { container } = renderWithSite(<Content html={DIAGRAM} hasMermaid />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(String(error.mock.calls[0][0])).toMatch(/diagram library/);
    const source = container.querySelector<HTMLElement>('pre.mermaid')!;
    expect(source.hidden).toBe(false);
    expect(source.textContent).toBe('graph TD;\n  A-->B;\n');
  });

  it('keeps the source of a diagram that fails to render', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mermaid.render.mockRejectedValue(new Error('Parse error on line 2'));
    const { container } = renderWithSite(<Content html={DIAGRAM} hasMermaid />);
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(container.querySelector('.mermaid-diagram')).toBeNull();
    expect(container.querySelector<HTMLElement>('pre.mermaid')!.hidden).toBe(false);
  });

  it('enhances code blocks, and starts afresh on a new page', () => {
    const code = (text: string) => `<div class="code-block"><pre class="chroma"><code><span class="line">${text}\n</span></code></pre></div>`;
    function Pages() {
      const [html, setHtml] = useState(code('one'));
      return (
        <>
          <button onClick={() => setHtml(code('two') + code('three'))}>next page</button>
          <Content html={html} />
        </>
      );
    }
    const { container } = renderWithSite(<Pages />);
    expect(container.querySelectorAll('button[aria-label="Copy code to clipboard"]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'next page' }));
    expect(container.querySelectorAll('button[aria-label="Copy code to clipboard"]')).toHaveLength(2);
    expect(container.querySelectorAll('.code-block__buttons')).toHaveLength(2);
    expect(screen.queryByText('one')).toBeNull();
  });
});
