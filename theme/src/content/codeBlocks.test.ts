import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeText, enhanceCodeBlocks } from './codeBlocks';

// The engine's markup (internal/markdown/testdata/code-blocks.golden.html):
// a title bar, line numbers as empty spans, one span.line per line.
const HTML = `<div class="code-block" data-language="go"><div class="code-block-title">main.go</div><pre class="chroma"><code class="language-go"><span class="line"><span class="line-number" aria-hidden="true" data-line="1"></span><span class="kn">package</span> main
</span><span class="line"><span class="line-number" aria-hidden="true" data-line="2"></span><span class="kd">func</span> main() {}
</span></code></pre></div>`;

/** Lets the clipboard promise and its handlers settle. */
async function settle() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function mount(html = HTML) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('codeText', () => {
  it('is the code without line numbers or the final newline', () => {
    const root = mount();
    expect(codeText(root.querySelector('code')!)).toBe('package main\nfunc main() {}');
  });

  it('copes with line numbers written as text', () => {
    const root = mount('<pre><code><span class="line"><span class="line-number">7</span>x = 1\n</span></code></pre>');
    expect(codeText(root.querySelector('code')!)).toBe('x = 1');
  });
});

describe('enhanceCodeBlocks', () => {
  it('adds a copy button that copies the code and says "Copied" for a moment', async () => {
    const root = mount();
    enhanceCodeBlocks(root);
    const copy = root.querySelector<HTMLButtonElement>('button[aria-label="Copy code to clipboard"]')!;
    expect(copy).toHaveAttribute('title', 'Copy');
    expect(copy).toHaveAttribute('type', 'button');
    // Below the title bar, in the code area.
    expect(copy.closest('.code-block__content')?.querySelector('pre')).not.toBeNull();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith('package main\nfunc main() {}');
    await settle();
    expect(copy).toHaveAttribute('aria-label', 'Copied');
    expect(copy).toHaveClass('code-block__button--copied');
    vi.advanceTimersByTime(1000);
    expect(copy).toHaveAttribute('aria-label', 'Copy code to clipboard');
    expect(copy).not.toHaveClass('code-block__button--copied');
  });

  it('falls back to the copy command without the Clipboard API', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    let copied = '';
    const execCommand = vi.fn(() => {
      copied = document.querySelector('textarea')?.value ?? '';
      return true;
    });
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const root = mount();
    enhanceCodeBlocks(root);
    const copy = root.querySelector<HTMLButtonElement>('button[aria-label="Copy code to clipboard"]')!;
    fireEvent.click(copy);
    await settle();
    expect(copy).toHaveAttribute('aria-label', 'Copied');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('package main\nfunc main() {}');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('offers word wrap only for code wider than its block, and toggles it', () => {
    const root = mount();
    const pre = root.querySelector('pre')!;
    Object.defineProperty(pre, 'scrollWidth', { configurable: true, value: 900 });
    Object.defineProperty(pre, 'clientWidth', { configurable: true, value: 600 });
    enhanceCodeBlocks(root);
    const wrap = root.querySelector<HTMLButtonElement>('button[aria-label="Toggle word wrap"]')!;
    expect(wrap).toHaveAttribute('title', 'Toggle word wrap');
    expect(wrap.hidden).toBe(false);
    fireEvent.click(wrap);
    expect(root.querySelector('.code-block')).toHaveClass('code-block--wrap');
    expect(wrap).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(wrap);
    expect(root.querySelector('.code-block')).not.toHaveClass('code-block--wrap');

    const narrow = mount();
    enhanceCodeBlocks(narrow);
    expect(narrow.querySelector<HTMLButtonElement>('button[aria-label="Toggle word wrap"]')!.hidden).toBe(true);
  });

  it('follows the size the browser reports for each block, reading every width before changing a button', () => {
    let report: ResizeObserverCallback = () => {};
    const observed: Element[] = [];
    class FakeResizeObserver {
      constructor(callback: ResizeObserverCallback) {
        report = callback;
      }
      observe(el: Element) {
        observed.push(el);
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    try {
      const root = mount(HTML + HTML);
      const [first, second] = Array.from(root.querySelectorAll('pre'));
      const widths = new Map([[first, 900], [second, 500]]);
      const reads: string[] = [];
      for (const pre of [first, second]) {
        Object.defineProperty(pre, 'scrollWidth', { configurable: true, get: () => (reads.push('read'), widths.get(pre)) });
        Object.defineProperty(pre, 'clientWidth', { configurable: true, value: 600 });
      }
      enhanceCodeBlocks(root);
      expect(reads).toEqual([]);
      expect(observed).toEqual([first, second]);
      const [wrapFirst, wrapSecond] = Array.from(root.querySelectorAll<HTMLButtonElement>('button[aria-label="Toggle word wrap"]'));
      expect(wrapFirst.hidden && wrapSecond.hidden).toBe(true);

      const observer = {} as ResizeObserver;
      report([{ target: first }, { target: second }] as unknown as ResizeObserverEntry[], observer);
      expect(wrapFirst.hidden).toBe(false);
      expect(wrapSecond.hidden).toBe(true);
      // The window narrows: the second block overflows now.
      widths.set(second, 700);
      report([{ target: second }] as unknown as ResizeObserverEntry[], observer);
      expect(wrapSecond.hidden).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('undoes itself, leaving the engine HTML as it was', () => {
    const root = mount();
    const undo = enhanceCodeBlocks(root);
    expect(root.innerHTML).not.toBe(HTML);
    undo();
    expect(root.innerHTML).toBe(HTML);
  });
});
