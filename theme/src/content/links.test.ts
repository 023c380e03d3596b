import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceLinks, makeScrollablesFocusable } from './links';

function setup(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  const handlers = { navigate: vi.fn(), prefetch: vi.fn() };
  const undo = enhanceLinks(root, handlers);
  return { root, handlers, undo };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('links in page content', () => {
  it('navigates on the client on a plain click of a site link', () => {
    const { root, handlers } = setup('<a href="/docs/x/#part">x</a>');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    root.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(handlers.navigate).toHaveBeenCalledWith('/docs/x/#part');
  });

  it.each([
    ['a hash-only link', '<a href="#part">x</a>', {}],
    ['another origin', '<a href="https://example.org/x">x</a>', {}],
    ['a new tab', '<a href="/docs/x/" target="_blank">x</a>', {}],
    ['a download', '<a href="/files/x.json" download>x</a>', {}],
    ['a ctrl-click', '<a href="/docs/x/">x</a>', { ctrlKey: true }],
    ['a middle click', '<a href="/docs/x/">x</a>', { button: 1 }],
  ])('leaves %s to the browser', (_name, html, init) => {
    const { root, handlers } = setup(html);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    root.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(handlers.navigate).not.toHaveBeenCalled();
  });

  it('prefetches on hover and stops after undo', () => {
    const { root, handlers, undo } = setup('<a href="/docs/y/"><code>y</code></a>');
    root.querySelector('code')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(handlers.prefetch).toHaveBeenCalledWith('/docs/y/');
    undo();
    root.querySelector('code')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    expect(handlers.prefetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['focus', () => new FocusEvent('focusin', { bubbles: true })],
    ['touch', () => new Event('touchstart', { bubbles: true })],
  ])('prefetches at once on %s', (_name, event) => {
    const { root, handlers } = setup('<a href="/docs/z/?tab=1">z</a>');
    root.querySelector('a')!.dispatchEvent(event());
    expect(handlers.prefetch).toHaveBeenCalledWith('/docs/z/?tab=1');
  });
});

describe('scrollable regions', () => {
  it('makes code blocks and tables focusable, and undoes it', () => {
    const root = document.createElement('div');
    root.innerHTML = '<pre><code>x</code></pre><table><tr><td>1</td></tr></table><pre tabindex="-1"></pre>';
    const undo = makeScrollablesFocusable(root);
    const [pre, own] = root.querySelectorAll('pre');
    expect(pre).toHaveAttribute('tabindex', '0');
    expect(root.querySelector('table')).toHaveAttribute('tabindex', '0');
    expect(own).toHaveAttribute('tabindex', '-1');
    undo();
    expect(pre).not.toHaveAttribute('tabindex');
  });
});
