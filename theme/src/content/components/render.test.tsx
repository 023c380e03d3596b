import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { renderToHtml } from '../../serverRender';
import { renderComponents, slotPlaceholder } from './render';

const render = (node: Parameters<typeof renderToString>[0]) => renderToString(node);

function rendered(components: unknown[], translations?: Record<string, string>): string[] {
  return JSON.parse(renderComponents(JSON.stringify({ translations, components }), render)) as string[];
}

describe('renderComponents', () => {
  it('writes an admonition with its slots as placeholders, where the engine puts their HTML', () => {
    const [html] = rendered([{ name: 'Admonition', props: { type: 'tip' }, slots: ['title', 'children'] }]);
    expect(html).toBe(
      '<div class="theme-admonition theme-admonition-tip alert alert--success">' +
        `<div class="admonition-heading">${slotPlaceholder('title')}</div>` +
        `<div class="admonition-content">${slotPlaceholder('children')}</div></div>`,
    );
  });

  it('titles an admonition without one by its keyword, translated by code.json', () => {
    const [note, important] = rendered(
      [
        { name: 'Admonition', props: { type: 'note' }, slots: ['children'] },
        { name: 'Admonition', props: { type: 'important' }, slots: [] },
      ],
      { 'theme.admonition.note': 'remarque' },
    );
    expect(note).toContain('<div class="admonition-heading">remarque</div>');
    // An alias keeps its own name, in its target's style.
    expect(important).toContain('theme-admonition-info alert alert--info');
    expect(important).toContain('<div class="admonition-heading">important</div>');
  });

  it('gives an unknown keyword the info style and keeps it as the title, so a typo shows', () => {
    const [html] = rendered([{ name: 'Admonition', props: { type: 'waring' }, slots: [] }]);
    expect(html).toContain('theme-admonition-info alert alert--info');
    expect(html).toContain('>waring<');
  });

  it('writes doc cards as the generated index does, external ones opening a new tab', () => {
    const [html] = rendered([
      {
        name: 'DocCardList',
        props: {
          items: [
            { type: 'category', href: '/docs/a/', label: 'A & B', description: 'About A' },
            { type: 'link', href: 'https://example.com/', label: 'Out', external: true },
          ],
        },
        slots: [],
      },
    ]);
    expect(html).toContain('<ul class="generated-index doc-card-list"><li class="generated-index__item"><a href="/docs/a/" class="card padding--lg doc-card">');
    expect(html).toContain('title="A &amp; B"><span aria-hidden="true">🗃️</span> <!-- -->A &amp; B</h2>');
    expect(html).toContain('<p class="text--truncate doc-card__description" title="About A">About A</p>');
    expect(html).toContain('<a href="https://example.com/" class="card padding--lg doc-card" target="_blank" rel="noopener noreferrer">');
  });

  it('writes what react-dom/server writes with the theme\'s own renderer', () => {
    const input = JSON.stringify({
      components: [
        { name: 'Admonition', props: { type: 'danger', title: 'Mind <this>' }, slots: ['children'] },
        { name: 'DocCardList', props: { items: [{ type: 'link', href: '/x/', label: 'X' }] }, slots: [] },
        { name: 'Tabs', props: { seq: 1, tabs: [{ value: 'a', label: 'A', selected: true }, { value: 'b' }] }, slots: ['children', 'label-2', 'panel-1'] },
        { name: 'TOCInline', props: { toc: [{ value: 'A', id: 'a', level: 2 }] }, slots: [] },
        { name: 'CodeBlock', props: { language: 'js', lines: 3, highlighted: [1], firstLineNumber: 1 }, slots: ['line'] },
        { name: 'Heading', props: { as: 'h2', id: 'x', label: 'X' }, slots: ['children'] },
        { name: 'Mermaid', props: { source: 'graph TD;' }, slots: [] },
      ],
    });
    expect(renderComponents(input, renderToHtml)).toBe(renderComponents(input, render));
  });

  it('lists the headings the engine picked for TOCInline, nested, their HTML as it is', () => {
    const [html] = rendered([
      {
        name: 'TOCInline',
        props: { toc: [{ value: 'Set <code>up</code>', id: 'set-up', level: 2, children: [{ value: 'Keys', id: 'keys', level: 3 }] }] },
        slots: [],
      },
    ]);
    expect(html).toBe(
      '<div class="toc-inline"><ul class="table-of-contents"><li><a href="#set-up">Set <code>up</code></a>' +
        '<ul class="table-of-contents"><li><a href="#keys">Keys</a></li></ul></li></ul></div>',
    );
  });

  it('writes the ARIA tabs pattern with the selected tab shown and the others hidden', () => {
    const [html] = rendered([
      {
        name: 'Tabs',
        props: {
          seq: 2,
          groupId: 'os',
          tabs: [
            { value: 'mac', label: 'macOS' },
            { value: 'win', selected: true, className: 'os-windows', panelClassName: 'panel-win' },
          ],
        },
        slots: ['label-2', 'panel-1', 'panel-2'],
      },
    ]);
    expect(html).toBe(
      '<div class="tabs-container" data-group-id="os"><ul role="tablist" aria-orientation="horizontal" class="tabs">' +
        '<li role="tab" id="tabs:2:tab:1" aria-controls="tabs:2:panel:1" aria-selected="false" tabindex="-1" class="tabs__item" data-value="mac">macOS</li>' +
        `<li role="tab" id="tabs:2:tab:2" aria-controls="tabs:2:panel:2" aria-selected="true" tabindex="0" class="tabs__item tabs__item--active os-windows" data-value="win">${slotPlaceholder('label-2')}</li>` +
        '</ul><div class="tabs__panels">' +
        `<div role="tabpanel" id="tabs:2:panel:1" aria-labelledby="tabs:2:tab:1" tabindex="0" class="tabs__panel" hidden="">${slotPlaceholder('panel-1')}</div>` +
        `<div role="tabpanel" id="tabs:2:panel:2" aria-labelledby="tabs:2:tab:2" tabindex="0" class="tabs__panel panel-win">${slotPlaceholder('panel-2')}</div>` +
        '</div></div>',
    );
  });

  it('writes a code block\'s frame and one line per line, each with the next line\'s slot, numbered and highlighted as asked', () => {
    const [html] = rendered([
      { name: 'CodeBlock', props: { language: 'go', title: 'main.go', lines: 2, highlighted: [2], firstLineNumber: 9 }, slots: ['line'] },
    ]);
    const line = slotPlaceholder('line');
    expect(html).toBe(
      '<div class="code-block" data-language="go"><div class="code-block-title">main.go</div><pre class="chroma"><code class="language-go">' +
        `<span class="line"><span class="line-number" aria-hidden="true" data-line="9"></span>${line}</span>` +
        `<span class="line highlighted theme-code-block-highlighted-line"><span class="line-number" aria-hidden="true" data-line="10"></span>${line}</span>` +
        '</code></pre></div>',
    );
    const [plain] = rendered([{ name: 'CodeBlock', props: { lines: 1 }, slots: ['line'] }]);
    expect(plain).toBe(`<div class="code-block"><pre class="chroma"><code><span class="line">${line}</span></code></pre></div>`);
  });

  it('writes a heading with its id and a hash link named after it, translated by code.json', () => {
    const [en] = rendered([{ name: 'Heading', props: { as: 'h3', id: 'scopes', label: 'Scopes & claims' }, slots: ['children'] }]);
    expect(en).toBe(
      `<h3 id="scopes" class="anchor">${slotPlaceholder('children')}<a href="#scopes" class="hash-link" aria-label="Direct link to Scopes &amp; claims" title="Direct link to Scopes &amp; claims">\u200B</a></h3>`,
    );
    const [fr] = rendered([{ name: 'Heading', props: { as: 'h2', id: 'a', label: 'A' }, slots: [] }], { 'theme.common.headingLinkTitle': 'Lien direct vers {heading}' });
    expect(fr).toContain('aria-label="Lien direct vers A"');
  });

  it('hands a diagram\'s source to the browser as a readable block', () => {
    const [html] = rendered([{ name: 'Mermaid', props: { source: 'graph TD; A-->B\n' }, slots: [] }]);
    expect(html).toBe('<pre class="mermaid">graph TD; A--&gt;B\n</pre>');
  });

  it('fails on a component the theme does not have', () => {
    expect(() => rendered([{ name: 'Nope', props: {}, slots: [] }])).toThrow(/does not have: Nope/);
  });
});
