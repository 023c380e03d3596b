import { describe, expect, it } from 'vitest';
import { svgWithoutInlineStyles } from './mermaid';

describe('svgWithoutInlineStyles', () => {
  it('moves the <style> out of the diagram and applies style attributes through element.style', () => {
    const markup =
      '<svg xmlns="http://www.w3.org/2000/svg" id="mermaid-svg-1" style="max-width: 300px;">' +
      '<style>#mermaid-svg-1 .actor{stroke:#123456}</style>' +
      '<g class="actor" style="fill: red;"><text>Patient app</text></g></svg>';
    const { svg, removeCss } = svgWithoutInlineStyles(markup);
    expect(svg.ownerDocument).toBe(document);
    expect(svg.querySelector('style')).toBeNull();
    expect((svg as SVGElement).style.maxWidth).toBe('300px');
    expect((svg.querySelector('g') as SVGGElement).style.fill).toBe('red');
    expect(svg.querySelector('[data-portal-style]')).toBeNull();
    expect(svg.textContent).toBe('Patient app');
    expect(removeCss).not.toBeNull();
    removeCss?.();
  });

  it('leaves text that merely mentions style= alone', () => {
    const { svg } = svgWithoutInlineStyles('<svg xmlns="http://www.w3.org/2000/svg"><text>set style= here</text></svg>');
    expect(svg.textContent).toBe('set style= here');
  });
});
