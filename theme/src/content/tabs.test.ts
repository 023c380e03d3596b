import { fireEvent } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { writeStorage } from '../utils/storage';
import { enhanceTabs } from './tabs';

// The engine's markup (internal/markdown/testdata/tabs.golden.html).
function group(seq: number, groupId: string | null, values: string[], selected = 0, queryString = '') {
  const items = values
    .map((v, i) => {
      const on = i === selected;
      return `<li role="tab" id="tabs:${seq}:tab:${i + 1}" aria-controls="tabs:${seq}:panel:${i + 1}" aria-selected="${on}" tabindex="${on ? 0 : -1}" class="tabs__item${on ? ' tabs__item--active' : ''}" data-value="${v}">${v}</li>`;
    })
    .join('\n');
  const panels = values
    .map(
      (v, i) =>
        `<div role="tabpanel" id="tabs:${seq}:panel:${i + 1}" aria-labelledby="tabs:${seq}:tab:${i + 1}" tabindex="0" class="tabs__panel"${i === selected ? '' : ' hidden'}><p>${v} panel</p></div>`,
    )
    .join('\n');
  return `<div class="tabs-container"${groupId ? ` data-group-id="${groupId}"` : ''}${queryString ? ` data-query-string="${queryString}"` : ''}>
<ul role="tablist" aria-orientation="horizontal" class="tabs">
${items}
</ul>
<div class="tabs__panels">
${panels}
</div>
</div>`;
}

function mount(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

const tabs = (root: HTMLElement, seq: number) => Array.from(root.querySelectorAll<HTMLElement>(`[id^="tabs:${seq}:tab:"]`));
const selectedValue = (root: HTMLElement, seq: number) => tabs(root, seq).find((t) => t.getAttribute('aria-selected') === 'true')?.dataset.value;
const visiblePanels = (root: HTMLElement, seq: number) =>
  Array.from(root.querySelectorAll<HTMLElement>(`[id^="tabs:${seq}:panel:"]`))
    .filter((p) => !p.hidden)
    .map((p) => p.textContent);

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  window.localStorage.clear();
});

describe('enhanceTabs', () => {
  it('selects a tab on click: aria-selected, tabindex, class and panel', () => {
    const root = mount(group(1, null, ['curl', 'HTTPie', 'Postman']));
    enhanceTabs(root);
    const [curl, httpie] = tabs(root, 1);
    fireEvent.click(httpie);
    expect(httpie).toHaveAttribute('aria-selected', 'true');
    expect(httpie).toHaveAttribute('tabindex', '0');
    expect(httpie).toHaveClass('tabs__item--active');
    expect(curl).toHaveAttribute('aria-selected', 'false');
    expect(curl).toHaveAttribute('tabindex', '-1');
    expect(curl).not.toHaveClass('tabs__item--active');
    expect(visiblePanels(root, 1)).toEqual(['HTTPie panel']);
  });

  it('moves the focus with the arrow keys, wrapping, and selects with Enter', () => {
    const root = mount(group(1, null, ['curl', 'HTTPie', 'Postman']));
    enhanceTabs(root);
    const [curl, httpie, postman] = tabs(root, 1);
    curl.focus();
    fireEvent.keyDown(curl, { key: 'ArrowLeft' });
    expect(postman).toHaveFocus();
    fireEvent.keyDown(postman, { key: 'ArrowRight' });
    expect(curl).toHaveFocus();
    fireEvent.keyDown(curl, { key: 'ArrowRight' });
    expect(httpie).toHaveFocus();
    // Moving the focus does not select.
    expect(selectedValue(root, 1)).toBe('curl');
    fireEvent.keyDown(httpie, { key: 'Enter' });
    expect(selectedValue(root, 1)).toBe('HTTPie');
    expect(visiblePanels(root, 1)).toEqual(['HTTPie panel']);
  });

  it('switches every group with the same groupId and remembers the choice', () => {
    const root = mount(group(1, 'os', ['macOS', 'windows']) + group(2, 'os', ['macOS', 'windows', 'linux']) + group(3, 'other', ['macOS', 'windows']));
    enhanceTabs(root);
    fireEvent.click(tabs(root, 1)[1]);
    expect(selectedValue(root, 1)).toBe('windows');
    expect(selectedValue(root, 2)).toBe('windows');
    expect(selectedValue(root, 3)).toBe('macOS');
    expect(localStorage.getItem('docusaurus.tab.os')).toBe('windows');

    // A value only one group has leaves the others as they are.
    fireEvent.click(tabs(root, 2)[2]);
    expect(selectedValue(root, 2)).toBe('linux');
    expect(selectedValue(root, 1)).toBe('windows');
  });

  it('starts from the remembered choice', () => {
    localStorage.setItem('docusaurus.tab.os', 'windows');
    const root = mount(group(1, 'os', ['macOS', 'windows']) + group(2, null, ['macOS', 'windows']));
    enhanceTabs(root);
    expect(selectedValue(root, 1)).toBe('windows');
    expect(visiblePanels(root, 1)).toEqual(['windows panel']);
    expect(selectedValue(root, 2)).toBe('macOS');
  });

  it('ignores a remembered value the group does not have', () => {
    localStorage.setItem('docusaurus.tab.os', 'beos');
    const root = mount(group(1, 'os', ['macOS', 'windows'], 1));
    enhanceTabs(root);
    expect(selectedValue(root, 1)).toBe('windows');
  });

  it('follows a choice made in another browser tab', () => {
    const root = mount(group(1, 'os', ['macOS', 'windows']));
    enhanceTabs(root);
    writeStorage('docusaurus.tab.os', 'windows');
    expect(selectedValue(root, 1)).toBe('windows');
  });

  it('keeps the clicked tab where it was on the screen', () => {
    const root = mount(group(1, 'os', ['macOS', 'windows']));
    const [, windows] = tabs(root, 1);
    // Switching makes content above grow by 120 px.
    windows.getBoundingClientRect = () => ({ top: windows.getAttribute('aria-selected') === 'true' ? 620 : 500 }) as DOMRect;
    const shifts: number[] = [];
    enhanceTabs(root, { scrollBy: (dy) => shifts.push(dy) });
    fireEvent.click(windows);
    expect(shifts).toEqual([120]);
  });

  it('leaves nested tabs to their own container', () => {
    const inner = group(2, null, ['a', 'b']);
    const root = mount(group(1, null, ['outer1', 'outer2']).replace('<p>outer1 panel</p>', inner));
    enhanceTabs(root);
    fireEvent.click(tabs(root, 2)[1]);
    expect(selectedValue(root, 2)).toBe('b');
    expect(selectedValue(root, 1)).toBe('outer1');
  });

  it('stops listening when undone', () => {
    const root = mount(group(1, null, ['curl', 'HTTPie']));
    enhanceTabs(root)();
    fireEvent.click(tabs(root, 1)[1]);
    expect(selectedValue(root, 1)).toBe('curl');
  });
  it('takes the choice from its query string parameter, over the remembered one, and syncs the group', () => {
    writeStorage('docusaurus.tab.os', 'linux');
    window.history.replaceState(null, '', '/docs/install/?os=windows#top');
    const root = mount(group(1, 'os', ['mac', 'windows', 'linux'], 0, 'os') + group(2, 'os', ['mac', 'windows', 'linux']));
    enhanceTabs(root);
    expect(selectedValue(root, 1)).toBe('windows');
    expect(selectedValue(root, 2)).toBe('windows');
  });

  it('ignores a query string value the group does not have', () => {
    window.history.replaceState(null, '', '/docs/install/?lang=rust');
    const root = mount(group(1, null, ['js', 'py'], 0, 'lang'));
    enhanceTabs(root);
    expect(selectedValue(root, 1)).toBe('js');
  });

  it('writes a choice into its query string parameter, keeping the rest of the URL', () => {
    window.history.replaceState(null, '', '/docs/install/?page=2#setup');
    const root = mount(group(1, null, ['js', 'py'], 0, 'lang'));
    enhanceTabs(root);
    fireEvent.click(tabs(root, 1)[1]);
    expect(window.location.pathname).toBe('/docs/install/');
    expect(window.location.search).toBe('?page=2&lang=py');
    expect(window.location.hash).toBe('#setup');
  });
});
