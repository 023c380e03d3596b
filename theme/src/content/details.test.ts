import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceDetails } from './details';

const HTML = '<details><summary>Sample response <a href="#x">link</a></summary><p>Body</p><pre>code</pre></details>';

function mount(html = HTML) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

let frames: FrameRequestCallback[];
const runFrames = () => {
  while (frames.length) frames.splice(0).forEach((f) => f(0));
};
const heightEnd = (el: Element) => {
  const e = new Event('transitionend') as TransitionEvent;
  Object.defineProperty(e, 'propertyName', { value: 'height' });
  el.dispatchEvent(e);
};

beforeEach(() => {
  frames = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => frames.push(f));
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('enhanceDetails', () => {
  it('opens with the collapse animation', () => {
    const root = mount();
    enhanceDetails(root);
    const details = root.querySelector('details')!;
    const body = details.querySelector<HTMLElement>('.details__content')!;
    expect(Array.from(body.children).map((c) => c.tagName)).toEqual(['P', 'PRE']);

    const click = fireEvent.click(details.querySelector('summary')!);
    expect(click).toBe(false);
    expect(details.open).toBe(true);
    expect(body.style.height).toBe('0px');
    runFrames();
    expect(body.style.transition).toMatch(/^height \d+ms ease-in-out$/);
    heightEnd(body);
    expect(body.getAttribute('style')).toBeFalsy();
    expect(details.dataset.collapsed).toBe('false');
  });

  it('stays open while it collapses, and closes when the animation ends', () => {
    const root = mount(HTML.replace('<details>', '<details open>'));
    enhanceDetails(root);
    const details = root.querySelector('details')!;
    const body = details.querySelector<HTMLElement>('.details__content')!;
    fireEvent.click(details.querySelector('summary')!);
    expect(details.dataset.collapsed).toBe('true');
    runFrames();
    expect(details.open).toBe(true);
    expect(body.style.height).toBe('0px');
    heightEnd(body);
    expect(details.open).toBe(false);
  });

  it('leaves links in the summary alone', () => {
    const root = mount();
    enhanceDetails(root);
    const link = root.querySelector('summary a')!;
    link.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(link);
    expect(root.querySelector('details')!.dataset.collapsed).toBe('true');
  });

  it('undoes itself', () => {
    const root = mount();
    enhanceDetails(root)();
    expect(root.innerHTML).toBe(HTML);
  });
});
