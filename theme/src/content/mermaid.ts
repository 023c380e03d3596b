// Renders the engine's <pre class="mermaid"> diagrams in the page's colour
// mode. The source stays in the page: it is hidden while its diagram shows,
// and shown again (with the error logged) when the library or a diagram
// fails, or when the diagram is re-rendered for another colour mode.
import { loadMermaid } from './mermaidLoader';

let renderCount = 0;

/**
 * Adds CSS to the page as a constructed stylesheet (which the policy
 * allows) and returns the function that removes it. Where a browser (or
 * jsdom) has no constructed stylesheets, a <style> element in <head> does.
 */
function adoptCss(css: string, appendChild: Node['appendChild'] = Node.prototype.appendChild): () => void {
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet.prototype.replaceSync === 'function') {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }
  const style = document.createElement('style');
  style.textContent = css;
  appendChild.call(document.head, style);
  return () => style.remove();
}

/** The attribute a style attribute is parked in while markup is parsed. */
const PARKED_STYLE = 'data-portal-style';

/**
 * Parses markup the way DOMParser does, but without parsing a single style
 * attribute: Chrome checks each one against the Content-Security-Policy
 * (and reports it) even in an inert document. Style attributes are renamed
 * in the markup, then applied through element.style (CSSOM, which the
 * policy allows) on the parsed elements.
 */
function parseWithoutStyleAttributes(parse: (markup: string) => Document, markup: string | TrustedHTML): Document {
  // DOMPurify hands over TrustedHTML where the browser has Trusted Types.
  const doc = parse(String(markup).replace(/(<[^<>]*?\s)style(\s*=)/gi, `$1${PARKED_STYLE}$2`));
  restyle(doc);
  return doc;
}

/** Applies each parked style attribute under root through element.style. */
function restyle(root: ParentNode) {
  for (const el of Array.from(root.querySelectorAll<HTMLElement | SVGElement>(`[${PARKED_STYLE}]`))) {
    const value = el.getAttribute(PARKED_STYLE) ?? '';
    el.removeAttribute(PARKED_STYLE);
    el.style.cssText = value;
  }
}

/**
 * Turns mermaid's SVG markup into an element of this document without
 * inline styles, which the site's Content-Security-Policy blocks (it has no
 * 'unsafe-inline'): its <style> elements become a constructed stylesheet
 * adopted by the page, and its style attributes are applied through
 * element.style. The stylesheet is returned so it can be dropped with the
 * diagram.
 */
export function svgWithoutInlineStyles(markup: string): { svg: Element; removeCss: (() => void) | null } {
  const marked = markup.replace(/(<[^<>]*?\s)style(\s*=)/gi, `$1${PARKED_STYLE}$2`);
  const parsed = new DOMParser().parseFromString(marked, 'image/svg+xml').documentElement;
  let css = '';
  for (const style of Array.from(parsed.querySelectorAll('style'))) {
    css += style.textContent ?? '';
    style.remove();
  }
  const svg = document.importNode(parsed, true);
  const holder = document.createElement('div');
  holder.append(svg);
  restyle(holder);
  svg.remove();
  return { svg, removeCss: css ? adoptCss(css) : null };
}

/**
 * Runs mermaid's render without the inline styles the Content-Security-
 * Policy blocks. Mermaid (through d3) draws into the live page and styles
 * it with style attributes and a <style> element; while it runs, a style
 * attribute set through setAttribute is applied through element.style
 * (CSSOM, which the policy allows; the result is the same), markup parsed
 * with DOMParser gets its style attributes the same way, and a style
 * element put into the document has its CSS adopted as a constructed
 * stylesheet instead (mermaid scopes the rules to the diagram's id). The
 * patches are removed as soon as the render settles. The functions that
 * remove the adopted CSS are pushed to `removers`.
 */
async function renderWithoutInlineStyles<T>(render: () => Promise<T>, removers: (() => void)[]): Promise<T> {
  const proto = Element.prototype;
  const nodeProto = Node.prototype;
  const { setAttribute } = proto;
  const { appendChild, insertBefore } = nodeProto;
  const { parseFromString } = DOMParser.prototype;
  const isStyleElement = (n: Node): n is HTMLStyleElement | SVGStyleElement =>
    n instanceof HTMLStyleElement || n instanceof SVGStyleElement;
  const adopt = (el: HTMLStyleElement | SVGStyleElement) => {
    removers.push(adoptCss(el.textContent ?? '', appendChild));
  };
  proto.setAttribute = function (this: Element, name: string, value: string) {
    if (name.toLowerCase() === 'style' && (this instanceof HTMLElement || this instanceof SVGElement)) {
      this.style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
  nodeProto.appendChild = function <N extends Node>(this: Node, node: N): N {
    if (isStyleElement(node) && this.isConnected) {
      adopt(node);
      return node;
    }
    return appendChild.call(this, node) as N;
  };
  nodeProto.insertBefore = function <N extends Node>(this: Node, node: N, child: Node | null): N {
    if (isStyleElement(node) && this.isConnected) {
      adopt(node);
      return node;
    }
    return insertBefore.call(this, node, child) as N;
  };
  // DOMPurify, which mermaid sanitises labels with, parses with DOMParser.
  DOMParser.prototype.parseFromString = function (this: DOMParser, markup: string | TrustedHTML, type: DOMParserSupportedType) {
    return parseWithoutStyleAttributes((m) => parseFromString.call(this, m, type), markup);
  };
  try {
    return await render();
  } finally {
    DOMParser.prototype.parseFromString = parseFromString;
    proto.setAttribute = setAttribute;
    nodeProto.appendChild = appendChild;
    nodeProto.insertBefore = insertBefore;
  }
}

/**
 * Renders every diagram under root with the given mermaid theme. Resolves to
 * the function that removes the rendered diagrams again. `cancelled` is
 * asked between diagrams, so a page change stops the work.
 */
export async function renderMermaidDiagrams(root: HTMLElement, theme: string, cancelled: () => boolean): Promise<() => void> {
  const sources = Array.from(root.querySelectorAll<HTMLElement>('pre.mermaid'));
  const added: { pre: HTMLElement; diagram: HTMLElement }[] = [];
  const removers: (() => void)[] = [];
  const undo = () => {
    for (const { pre, diagram } of added) {
      diagram.remove();
      pre.hidden = false;
    }
    for (const remove of removers.splice(0)) remove();
  };
  if (sources.length === 0) return undo;

  let mermaid;
  try {
    mermaid = await loadMermaid();
  } catch (err) {
    console.error('Could not load the diagram library; the diagrams show as source text.', err);
    return undo;
  }
  if (cancelled()) return undo;
  mermaid.initialize({ startOnLoad: false, theme });

  for (const pre of sources) {
    if (cancelled()) break;
    try {
      const id = `mermaid-svg-${++renderCount}`;
      const { svg, bindFunctions } = await renderWithoutInlineStyles(() => mermaid.render(id, pre.textContent ?? ''), removers);
      if (cancelled()) break;
      const diagram = document.createElement('div');
      diagram.className = 'mermaid-diagram docusaurus-mermaid-container';
      const { svg: element, removeCss } = svgWithoutInlineStyles(svg);
      if (removeCss) removers.push(removeCss);
      diagram.append(element);
      bindFunctions?.(diagram);
      pre.after(diagram);
      pre.hidden = true;
      added.push({ pre, diagram });
    } catch (err) {
      console.error('Could not render a diagram; it shows as source text.', err);
    }
  }
  return undo;
}
