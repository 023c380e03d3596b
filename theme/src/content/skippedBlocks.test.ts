import { afterEach, describe, expect, it } from 'vitest';
import { markSkippedTables, SKIPPED_ATTRIBUTE } from './skippedBlocks';

function content() {
  const root = document.createElement('div');
  root.innerHTML = '<p>Intro</p><table><tbody><tr><td>1</td></tr></tbody></table><div><table><tbody><tr><td>2</td></tr></tbody></table></div>';
  document.body.appendChild(root);
  return root;
}

function stateChange(el: Element, skipped: boolean) {
  el.dispatchEvent(Object.assign(new Event('contentvisibilityautostatechange', { bubbles: true }), { skipped }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('markSkippedTables', () => {
  it('marks a table of the content while the browser skips it, and only those', () => {
    const root = content();
    const [own, nested] = Array.from(root.querySelectorAll('table'));
    const undo = markSkippedTables(root);
    stateChange(own, true);
    stateChange(nested, true);
    expect(own).toHaveAttribute(SKIPPED_ATTRIBUTE);
    expect(nested).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(own, false);
    expect(own).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(own, true);
    undo();
    expect(own).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(own, true);
    expect(own).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
  });

  it('reads whether a table is skipped already when it starts', () => {
    const root = content();
    const own = root.querySelector('table')!;
    Object.defineProperty(own.rows[0], 'checkVisibility', { value: () => false });
    markSkippedTables(root);
    expect(own).toHaveAttribute(SKIPPED_ATTRIBUTE);
  });
});
