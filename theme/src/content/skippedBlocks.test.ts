import { afterEach, describe, expect, it } from 'vitest';
import { markSkippedBlocks, SKIPPED_ATTRIBUTE } from './skippedBlocks';

function content() {
  const root = document.createElement('div');
  root.innerHTML =
    '<p>Intro</p><table><tbody><tr><td>1</td></tr></tbody></table><div><table><tbody><tr><td>2</td></tr></tbody></table></div>' +
    '<div class="mermaid-diagram"><svg></svg></div>';
  document.body.appendChild(root);
  return root;
}

function stateChange(el: Element, skipped: boolean) {
  el.dispatchEvent(Object.assign(new Event('contentvisibilityautostatechange', { bubbles: true }), { skipped }));
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('markSkippedBlocks', () => {
  it('marks a table or a diagram of the content while the browser skips it, and only those', () => {
    const root = content();
    const [own, nested] = Array.from(root.querySelectorAll('table'));
    const undo = markSkippedBlocks(root);
    stateChange(own, true);
    stateChange(nested, true);
    expect(own).toHaveAttribute(SKIPPED_ATTRIBUTE);
    expect(nested).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(own, false);
    expect(own).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    const diagram = root.querySelector('.mermaid-diagram')!;
    stateChange(diagram, true);
    expect(diagram).toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(root.querySelector('p')!, true);
    expect(root.querySelector('p')).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(own, true);
    undo();
    expect(own).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
    stateChange(own, true);
    expect(own).not.toHaveAttribute(SKIPPED_ATTRIBUTE);
  });

  it('reads whether a table is skipped already when it starts', () => {
    const root = content();
    const own = root.querySelector('table')!;
    Object.defineProperty(own.tBodies[0], 'checkVisibility', { value: () => false });
    markSkippedBlocks(root);
    expect(own).toHaveAttribute(SKIPPED_ATTRIBUTE);
  });
});
