import { describe, expect, it } from 'vitest';
import type { PageData } from '../contract.gen';
import { CONTENT_ATTRIBUTE, withContentFromDom } from './contentFromDom';

const page = (html: string) => ({ path: '/docs/a/', kind: 'doc', title: 'A', canonical: '', alternates: [], html, toc: [] }) as unknown as PageData;

function prerendered(contentHtml: string | null): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<main><h1>A</h1>${contentHtml === null ? '' : `<div ${CONTENT_ATTRIBUTE}="">${contentHtml}</div>`}</main>`;
  return root;
}

describe('withContentFromDom', () => {
  it('takes the content HTML the initial data left out from the prerendered DOM', () => {
    const root = prerendered('<p>Read <a href="/docs/b/">B</a> first.</p>\n<table><tbody><tr><td>1</td></tr></tbody></table>');
    const got = withContentFromDom(page(''), root);
    expect(got.html).toBe('<p>Read <a href="/docs/b/">B</a> first.</p>\n<table><tbody><tr><td>1</td></tr></tbody></table>');
    expect(got.title).toBe('A');
  });

  it('keeps the HTML of data that carries it (page data fetched on navigation)', () => {
    const root = prerendered('<p>stale</p>');
    expect(withContentFromDom(page('<p>fresh</p>'), root).html).toBe('<p>fresh</p>');
  });

  it('leaves a page without a content element empty', () => {
    expect(withContentFromDom(page(''), prerendered(null)).html).toBe('');
  });
});
