import { afterEach, describe, expect, it } from 'vitest';
import { ANCHORED_ATTRIBUTE, colorModeScript } from './inlineScripts';
import { fixtureSite } from './shell/test-utils';

const html = document.documentElement;

/** Runs the inline head script as the browser would, at the given URL. */
function runAt(url: string) {
  window.history.replaceState(null, '', url);
  new Function(colorModeScript(fixtureSite()))();
}

afterEach(() => {
  html.removeAttribute(ANCHORED_ATTRIBUTE);
  window.history.replaceState(null, '', '/');
});

describe('the head script marks a page opened at an anchor', () => {
  it('marks it when the URL has a fragment', () => {
    runAt('/docs/a/#search-parameters');
    expect(html.hasAttribute(ANCHORED_ATTRIBUTE)).toBe(true);
  });

  it('does not mark it without a fragment, or with an empty one', () => {
    runAt('/docs/a/');
    expect(html.hasAttribute(ANCHORED_ATTRIBUTE)).toBe(false);
    runAt('/docs/a/#');
    expect(html.hasAttribute(ANCHORED_ATTRIBUTE)).toBe(false);
  });
});
