// A server renderer for the theme's React elements that writes exactly what
// react-dom/server's renderToString (React 19.3, production) writes, for the
// subset of React the theme uses on the server, in a fraction of the time.
//
// Why: every page is prerendered in QuickJS, an interpreter, where React's
// own server renderer (Fizz: tasks, segments, chunk queues, resumable state)
// costs about 40 µs per element, and an element costs a few here. React
// stays the one definition of every component: this file only serialises
// the elements those components return, following Fizz's rules (attribute
// names and values, text separators, useId's tree ids, image preloads).
//
// Anything outside the subset throws an Unsupported error, and the server
// entry renders that page with React's renderToString instead, so a theme
// change can make a page slower but never different. The equivalence is
// tested on the theme's fixtures (serverRender.test.tsx) and on every page
// of the portal and the fixture sites (internal/pipeline, prerender tests).
import * as React from 'react';
import type { ReactNode } from 'react';

/** Thrown for what this renderer does not reproduce; the caller falls back to React. */
export class Unsupported extends Error {
  constructor(what: string) {
    super(`serverRender does not support ${what}`);
    this.name = 'Unsupported';
  }
}

const ELEMENT = Symbol.for('react.transitional.element');
const PORTAL = Symbol.for('react.portal');
const FRAGMENT = Symbol.for('react.fragment');
const STRICT_MODE = Symbol.for('react.strict_mode');
const PROFILER = Symbol.for('react.profiler');
const LEGACY_HIDDEN = Symbol.for('react.legacy_hidden');
const CONSUMER = Symbol.for('react.consumer');
const CONTEXT = Symbol.for('react.context');
const FORWARD_REF = Symbol.for('react.forward_ref');
const MEMO = Symbol.for('react.memo');
const LAZY = Symbol.for('react.lazy');
const SUSPENSE = Symbol.for('react.suspense');
const MEMO_CACHE_SENTINEL = Symbol.for('react.memo_cache_sentinel');

type Props = Record<string, unknown> & { children?: unknown };
type Context = { _currentValue2: unknown; _context?: Context };
type ElementLike = { $$typeof: symbol; type: unknown; key: unknown; props: Props };
type TreeContext = { id: number; overflow: string };
type Dispatcher = Record<string, unknown>;

const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { H: Dispatcher | null } })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;

const hasOwn = Object.prototype.hasOwnProperty;

// ---- Escaping and attributes (Fizz's escapeTextForBrowser, pushAttribute) ----

const htmlChars = /["'&<>]/;

export function escapeText(value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'bigint') return '' + value;
  const text = '' + (value as string);
  const match = htmlChars.exec(text);
  if (!match) return text;
  let html = '';
  let last = 0;
  let i = match.index;
  for (; i < text.length; i++) {
    let entity: string;
    switch (text.charCodeAt(i)) {
      case 34:
        entity = '&quot;';
        break;
      case 38:
        entity = '&amp;';
        break;
      case 39:
        entity = '&#x27;';
        break;
      case 60:
        entity = '&lt;';
        break;
      case 62:
        entity = '&gt;';
        break;
      default:
        continue;
    }
    if (last !== i) html += text.slice(last, i);
    last = i + 1;
    html += entity;
  }
  return last !== i ? html + text.slice(last, i) : html;
}

const javascriptURL =
  // eslint-disable-next-line no-control-regex
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;

function sanitizeURL(url: string): string {
  return javascriptURL.test(url) ? "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')" : url;
}

const unitlessNumbers = new Set(
  'animationIterationCount aspectRatio borderImageOutset borderImageSlice borderImageWidth boxFlex boxFlexGroup boxOrdinalGroup columnCount columns flex flexGrow flexPositive flexShrink flexNegative flexOrder gridArea gridRow gridRowEnd gridRowSpan gridRowStart gridColumn gridColumnEnd gridColumnSpan gridColumnStart fontWeight lineClamp lineHeight opacity order orphans scale tabSize widows zIndex zoom fillOpacity floodOpacity stopOpacity strokeDasharray strokeDashoffset strokeMiterlimit strokeOpacity strokeWidth MozAnimationIterationCount MozBoxFlex MozBoxFlexGroup MozLineClamp msAnimationIterationCount msFlex msZoom msFlexGrow msFlexNegative msFlexOrder msFlexPositive msFlexShrink msGridColumn msGridColumnSpan msGridRow msGridRowSpan WebkitAnimationIterationCount WebkitBoxFlex WebKitBoxFlexGroup WebkitBoxOrdinalGroup WebkitColumnCount WebkitColumns WebkitFlex WebkitFlexGrow WebkitFlexPositive WebkitFlexShrink WebkitLineClamp'.split(
    ' ',
  ),
);

// React DOM's attribute aliases: camelCase props written as hyphenated (SVG) or renamed attributes.
const aliases = new Map<string, string>(
  (
    'acceptCharset:accept-charset htmlFor:for httpEquiv:http-equiv crossOrigin:crossorigin accentHeight:accent-height ' +
    'alignmentBaseline:alignment-baseline arabicForm:arabic-form baselineShift:baseline-shift capHeight:cap-height clipPath:clip-path ' +
    'clipRule:clip-rule colorInterpolation:color-interpolation colorInterpolationFilters:color-interpolation-filters ' +
    'colorProfile:color-profile colorRendering:color-rendering dominantBaseline:dominant-baseline enableBackground:enable-background ' +
    'fillOpacity:fill-opacity fillRule:fill-rule floodColor:flood-color floodOpacity:flood-opacity fontFamily:font-family ' +
    'fontSize:font-size fontSizeAdjust:font-size-adjust fontStretch:font-stretch fontStyle:font-style fontVariant:font-variant ' +
    'fontWeight:font-weight glyphName:glyph-name glyphOrientationHorizontal:glyph-orientation-horizontal ' +
    'glyphOrientationVertical:glyph-orientation-vertical horizAdvX:horiz-adv-x horizOriginX:horiz-origin-x ' +
    'imageRendering:image-rendering letterSpacing:letter-spacing lightingColor:lighting-color markerEnd:marker-end ' +
    'markerMid:marker-mid markerStart:marker-start maskType:mask-type overlinePosition:overline-position ' +
    'overlineThickness:overline-thickness paintOrder:paint-order panose-1:panose-1 pointerEvents:pointer-events ' +
    'renderingIntent:rendering-intent shapeRendering:shape-rendering stopColor:stop-color stopOpacity:stop-opacity ' +
    'strikethroughPosition:strikethrough-position strikethroughThickness:strikethrough-thickness strokeDasharray:stroke-dasharray ' +
    'strokeDashoffset:stroke-dashoffset strokeLinecap:stroke-linecap strokeLinejoin:stroke-linejoin strokeMiterlimit:stroke-miterlimit ' +
    'strokeOpacity:stroke-opacity strokeWidth:stroke-width textAnchor:text-anchor textDecoration:text-decoration ' +
    'textRendering:text-rendering transformOrigin:transform-origin underlinePosition:underline-position ' +
    'underlineThickness:underline-thickness unicodeBidi:unicode-bidi unicodeRange:unicode-range unitsPerEm:units-per-em ' +
    'vAlphabetic:v-alphabetic vHanging:v-hanging vIdeographic:v-ideographic vMathematical:v-mathematical vectorEffect:vector-effect ' +
    'vertAdvY:vert-adv-y vertOriginX:vert-origin-x vertOriginY:vert-origin-y wordSpacing:word-spacing writingMode:writing-mode ' +
    'xmlnsXlink:xmlns:xlink xHeight:x-height'
  )
    .split(' ')
    .map((pair) => {
      const i = pair.indexOf(':');
      return [pair.slice(0, i), pair.slice(i + 1)] as [string, string];
    }),
);

const validAttributeName =
  // React's own pattern (isAttributeNameSafe): combining marks (U+0300–U+036F) are allowed after
  // the first character, one by one, which is what the class means.
  // eslint-disable-next-line no-misleading-character-class
  /^[:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD][:A-Z_a-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C-\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\-.0-9\u00B7\u0300-\u036F\u203F-\u2040]*$/;
const attributeNameSafe = new Map<string, boolean>();

function isAttributeNameSafe(name: string): boolean {
  let safe = attributeNameSafe.get(name);
  if (safe === undefined) attributeNameSafe.set(name, (safe = validAttributeName.test(name)));
  return safe;
}

const styleNames = new Map<string, string>();

function styleAttribute(style: unknown): string {
  if (typeof style !== 'object' || style === null) throw new Unsupported('a style prop that is not an object');
  let out = '';
  for (const name in style) {
    if (!hasOwn.call(style, name)) continue;
    let value = (style as Record<string, unknown>)[name];
    if (value == null || typeof value === 'boolean' || value === '') continue;
    let css: string;
    if (name.indexOf('--') === 0) {
      css = escapeText(name);
      value = escapeText(('' + (value as string)).trim());
    } else {
      let cached = styleNames.get(name);
      if (cached === undefined) {
        cached = escapeText(name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'));
        styleNames.set(name, cached);
      }
      css = cached;
      value =
        typeof value === 'number'
          ? value === 0 || unitlessNumbers.has(name)
            ? '' + value
            : value + 'px'
          : escapeText(('' + (value as string)).trim());
    }
    out += (out === '' ? ' style="' : ';') + css + ':' + (value as string);
  }
  return out === '' ? '' : out + '"';
}

function stringAttribute(name: string, value: unknown): string {
  return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'boolean' ? '' : ' ' + name + '="' + escapeText(value) + '"';
}

type AttributeWriter = (value: unknown) => string;
const attributeWriters = new Map<string, AttributeWriter>();

// attribute writes one prop as React DOM does. The writer for each prop name
// is decided once: QuickJS compares a switch's string cases one by one.
function attribute(name: string, value: unknown): string {
  let write = attributeWriters.get(name);
  if (write === undefined) attributeWriters.set(name, (write = attributeWriter(name)));
  return write(value);
}

function attributeWriter(name: string): AttributeWriter {
  switch (name) {
    case 'className':
      return (value) => stringAttribute('class', value);
    case 'tabIndex':
      return (value) => stringAttribute('tabindex', value);
    case 'dir':
    case 'role':
    case 'viewBox':
    case 'width':
    case 'height':
      return (value) => stringAttribute(name, value);
    case 'style':
      return styleAttribute;
    case 'src':
    case 'href':
    case 'action':
    case 'formAction':
      return (value) => {
        if (value === '' && (name === 'src' || name === 'href')) return '';
        if (value == null || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'boolean') return '';
        return ' ' + name + '="' + escapeText(sanitizeURL('' + (value as string))) + '"';
      };
    case 'defaultValue':
    case 'defaultChecked':
    case 'innerHTML':
    case 'suppressContentEditableWarning':
    case 'suppressHydrationWarning':
    case 'ref':
      return () => '';
    case 'autoFocus':
    case 'multiple':
    case 'muted': {
      const lower = name.toLowerCase();
      return (value) => (value && typeof value !== 'function' && typeof value !== 'symbol' ? ' ' + lower + '=""' : '');
    }
    case 'xlinkHref':
      return (value) =>
        typeof value === 'function' || typeof value === 'symbol' || typeof value === 'boolean'
          ? ''
          : ' xlink:href="' + escapeText(sanitizeURL('' + (value as string))) + '"';
    case 'contentEditable':
    case 'spellCheck':
    case 'draggable':
    case 'value':
    case 'autoReverse':
    case 'externalResourcesRequired':
    case 'focusable':
    case 'preserveAlpha':
      return (value) => (typeof value !== 'function' && typeof value !== 'symbol' ? ' ' + name + '="' + escapeText(value) + '"' : '');
    case 'inert':
    case 'allowFullScreen':
    case 'async':
    case 'autoPlay':
    case 'controls':
    case 'credentialless':
    case 'default':
    case 'defer':
    case 'disabled':
    case 'disablePictureInPicture':
    case 'disableRemotePlayback':
    case 'formNoValidate':
    case 'hidden':
    case 'loop':
    case 'noModule':
    case 'noValidate':
    case 'open':
    case 'playsInline':
    case 'readOnly':
    case 'required':
    case 'reversed':
    case 'scoped':
    case 'seamless':
    case 'itemScope':
      return (value) => (value && typeof value !== 'function' && typeof value !== 'symbol' ? ' ' + name + '=""' : '');
    case 'capture':
    case 'download':
      return (value) => {
        if (value === true) return ' ' + name + '=""';
        return value !== false && typeof value !== 'function' && typeof value !== 'symbol' ? ' ' + name + '="' + escapeText(value) + '"' : '';
      };
    case 'cols':
    case 'rows':
    case 'size':
    case 'span':
      return (value) =>
        typeof value !== 'function' && typeof value !== 'symbol' && !isNaN(value as number) && (value as number) >= 1
          ? ' ' + name + '="' + escapeText(value) + '"'
          : '';
    case 'rowSpan':
    case 'start':
      return (value) =>
        typeof value === 'function' || typeof value === 'symbol' || isNaN(value as number) ? '' : ' ' + name + '="' + escapeText(value) + '"';
    case 'xlinkActuate':
    case 'xlinkArcrole':
    case 'xlinkRole':
    case 'xlinkShow':
    case 'xlinkTitle':
    case 'xlinkType': {
      const attr = 'xlink:' + name.slice(5).toLowerCase();
      return (value) => stringAttribute(attr, value);
    }
    case 'xmlBase':
    case 'xmlLang':
    case 'xmlSpace': {
      const attr = 'xml:' + name.slice(3).toLowerCase();
      return (value) => stringAttribute(attr, value);
    }
  }
  // Event handlers (on*) are never written.
  if (name.length > 2 && (name[0] === 'o' || name[0] === 'O') && (name[1] === 'n' || name[1] === 'N')) return () => '';
  const attr = aliases.get(name) ?? name;
  if (!isAttributeNameSafe(attr)) return () => '';
  const booleanAllowed = attr.toLowerCase().slice(0, 5) === 'data-' || attr.toLowerCase().slice(0, 5) === 'aria-';
  return (value) => {
    switch (typeof value) {
      case 'function':
      case 'symbol':
        return '';
      case 'boolean':
        if (!booleanAllowed) return '';
    }
    return ' ' + attr + '="' + escapeText(value) + '"';
  };
}

// ---- Elements ----

const validTag = /^[a-zA-Z][a-zA-Z:_.\-\d]*$/;
const voidTags = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
// Tags whose server rendering depends on state this renderer does not keep
// (forms, selects, the document's singletons, hoisted head elements,
// insertion scopes): their pages are rendered by React.
const reactOnlyTags = new Set([
  'select',
  'option',
  'textarea',
  'input',
  'form',
  'menuitem',
  'object',
  'title',
  'link',
  'style',
  'meta',
  'html',
  'head',
  'body',
  'noscript',
  'picture',
  'math',
  'template',
]);

const tagsChecked = new Map<string, boolean>();

const scriptEnd = /(<\/|<)(s)(cript)/gi;

// ---- useId (Fizz's tree context) ----

function clz32(x: number): number {
  return Math.clz32(x);
}

function treeId(context: TreeContext): string {
  const id = context.id;
  return (id & ~(1 << (32 - clz32(id) - 1))).toString(32) + context.overflow;
}

function pushTreeContext(base: TreeContext, totalChildren: number, index: number): TreeContext {
  let baseId = base.id;
  const baseOverflow = base.overflow;
  let baseLength = 32 - clz32(baseId) - 1;
  baseId &= ~(1 << baseLength);
  const slot = index + 1;
  const length = 32 - clz32(totalChildren) + baseLength;
  if (length > 30) {
    const overflowBits = baseLength - (baseLength % 5);
    const overflow = (baseId & ((1 << overflowBits) - 1)).toString(32);
    baseId >>= overflowBits;
    baseLength -= overflowBits;
    return { id: (1 << (32 - clz32(totalChildren) + baseLength)) | (slot << baseLength) | baseId, overflow: overflow + baseOverflow };
  }
  return { id: (1 << length) | (slot << baseLength) | baseId, overflow: baseOverflow };
}

// ---- Components whose server render is the same on every page of a build ----

const buildConstant = Symbol('portal.buildConstant');

/**
 * What a build-constant component's markup depends on, from its props: the
 * values to key its render on, or null where this render must not be
 * reused. Without one, every prop is in the key, and a prop that is an
 * object (children elements, made anew by every render) makes the render
 * not reused.
 */
export type MemoKey<P> = (props: P) => Record<string, unknown> | null;

type BuildConstantEntry = {
  html: string;
  // Whether the markup starts or ends with a text node (React separates
  // adjacent text nodes with <!-- -->).
  startsWithText: boolean;
  endsWithText: boolean;
  // The images it preloads, replayed so that React's preload order holds.
  images: Props[];
  // Whether the render asked for useId: its ids depend on its place in the
  // tree, so it is kept by props and place, and a render recording around
  // it learns the same of itself.
  askedIds: boolean;
};

// A render that asked for ids is kept under its key and place; its key
// alone then names this.
const byPlace = Symbol('portal.byPlace');

// Rendered markup of build-constant components, by component and key;
// emptied whenever the engine hands over another build's shared data.
let buildCache = new Map<unknown, Map<string, BuildConstantEntry | typeof byPlace>>();
// Objects (a sidebar's items, parsed once per build) are keyed by identity.
let objectIds = new WeakMap<object, number>();
let nextObjectId = 0;

/**
 * Declares that a component's server markup depends only on its props (or
 * on the values memoKey takes from them) and on the data every page of a
 * build shares (the site config, the sidebars), never otherwise on the page:
 * the renderer writes it once per build and key, and reuses it. Strings,
 * numbers, booleans and absent values are keyed by value, objects a memoKey
 * names by identity; a key holding a function is never reused. A render that asks for
 * useId is reused only at the same place in the tree (its ids name it). The
 * equivalence tests check every page of the portal and the fixture sites.
 */
export function markBuildConstant<P>(component: (props: P) => ReactNode, memoKey?: MemoKey<P>): void {
  (component as unknown as Record<symbol, MemoKey<Props> | true>)[buildConstant] = (memoKey as MemoKey<Props> | undefined) ?? true;
}

/** Forgets every build-constant render: the next build's data is coming. */
export function resetBuildCache(): void {
  buildCache = new Map();
  objectIds = new WeakMap();
}

function valuesKey(values: Record<string, unknown>, objectsByIdentity: boolean): string | null {
  let key = '';
  for (const name in values) {
    const value = values[name];
    switch (typeof value) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'undefined':
        key += name + '\u0000' + typeof value + '\u0000' + String(value) + '\u0001';
        break;
      case 'object': {
        if (value === null) {
          key += name + '\u0000null\u0001';
          break;
        }
        if (!objectsByIdentity) return null;
        let id = objectIds.get(value);
        if (id === undefined) objectIds.set(value, (id = nextObjectId++));
        key += name + '\u0000object\u0000' + id + '\u0001';
        break;
      }
      default:
        return null;
    }
  }
  return key;
}

// ---- The renderer ----

class Renderer {
  out: string[] = [];
  lastPushedText = false;
  tree: TreeContext = { id: 1, overflow: '' };
  // Image preloads React writes before the markup (Fizz's
  // highImagePreloads, then bulkPreloads).
  highImages: string[] = [];
  bulkImages: string[] = [];
  imageKeys = new Map<string, 'high' | 'bulk'>();

  // What a build-constant render being recorded saw: whether it has pushed
  // anything yet and whether that was text, the ids and images it asked for.
  pushed = false;
  firstWasText = false;
  idsAsked = 0;
  images: Props[] | null = null;

  // Hook state of the function component being called.
  rendering = false;
  localIds = 0;
  renderPhaseUpdate = false;

  text(value: string): void {
    if (value === '') return;
    if (!this.pushed) {
      this.pushed = true;
      this.firstWasText = true;
    }
    if (this.lastPushedText) this.out.push('<!-- -->');
    this.out.push(escapeText(value));
    this.lastPushedText = true;
  }

  node(node: unknown, childIndex: number): void {
    if (node === null || node === undefined) return;
    switch (typeof node) {
      case 'string':
        this.text(node);
        return;
      case 'number':
      case 'bigint':
        this.text('' + node);
        return;
      case 'object':
        break;
      default:
        return; // booleans, functions and symbols render nothing
    }
    const n = node as { $$typeof?: symbol };
    switch (n.$$typeof) {
      case ELEMENT: {
        const el = node as ElementLike;
        this.element(el.type, el.props, el.props.ref ?? null);
        return;
      }
      case PORTAL:
        throw new Unsupported('portals');
      case LAZY:
        throw new Unsupported('lazy nodes');
      case CONTEXT:
        this.node((node as Context)._currentValue2, childIndex);
        return;
    }
    if (Array.isArray(node)) {
      this.children(node);
      return;
    }
    const iteratorFn = (node as { [Symbol.iterator]?: () => Iterator<unknown> })[Symbol.iterator];
    if (typeof iteratorFn === 'function') {
      const items: unknown[] = [];
      const it = iteratorFn.call(node);
      for (let step = it.next(); !step.done; step = it.next()) items.push(step.value);
      if (items.length > 0) this.children(items);
      return;
    }
    throw new Unsupported('an object as a child (thenables included)');
  }

  children(items: unknown[]): void {
    const parent = this.tree;
    const total = items.length;
    for (let i = 0; i < total; i++) {
      this.tree = pushTreeContext(parent, total, i);
      this.node(items[i], i);
    }
    this.tree = parent;
  }

  element(type: unknown, props: Props, ref: unknown): void {
    if (typeof type === 'string') {
      this.hostElement(type, props);
      return;
    }
    if (typeof type === 'function') {
      const proto = (type as { prototype?: { isReactComponent?: unknown } }).prototype;
      if (proto && proto.isReactComponent) this.classComponent(type as ClassType, props);
      else if ((type as unknown as Record<symbol, unknown>)[buildConstant]) this.buildConstantComponent(type as FunctionType, props);
      else this.functionComponent(type as FunctionType, props, undefined);
      return;
    }
    switch (type) {
      case FRAGMENT:
      case STRICT_MODE:
      case PROFILER:
      case LEGACY_HIDDEN:
        this.node(props.children, -1);
        return;
      case SUSPENSE:
        this.suspenseBoundary(props);
        return;
    }
    if (typeof type === 'object' && type !== null) {
      switch ((type as { $$typeof?: symbol }).$$typeof) {
        case FORWARD_REF: {
          let rest = props;
          if ('ref' in props) {
            rest = {};
            for (const key in props) if (key !== 'ref') rest[key] = props[key];
          }
          this.functionComponent((type as { render: FunctionType }).render, rest, ref);
          return;
        }
        case MEMO:
          this.element((type as { type: unknown }).type, props, ref);
          return;
        case CONTEXT: {
          const context = type as Context;
          const previous = context._currentValue2;
          context._currentValue2 = props.value;
          try {
            this.node(props.children, -1);
          } finally {
            context._currentValue2 = previous;
          }
          return;
        }
        case CONSUMER: {
          const context = (type as { _context: Context })._context;
          this.node((props.children as (value: unknown) => unknown)(context._currentValue2), -1);
          return;
        }
      }
    }
    throw new Unsupported(`the element type ${String((type as { $$typeof?: symbol })?.$$typeof ?? type)}`);
  }

  /**
   * A <Suspense> boundary whose content renders at once (the theme's never
   * suspend: HydrateLater): Fizz writes its content between the completed
   * boundary's comments, in a segment of its own, so no text separator is
   * written at either edge or after it; the tree context passes through as
   * through a fragment. Content that suspends throws Unsupported (use()).
   */
  suspenseBoundary(props: Props): void {
    if (!this.pushed) {
      this.pushed = true;
      this.firstWasText = false;
    }
    this.out.push('<!--$-->');
    this.lastPushedText = false;
    this.node(props.children, -1);
    this.out.push('<!--/$-->');
    this.lastPushedText = false;
  }

  buildConstantComponent(component: FunctionType, props: Props): void {
    const memoKey = (component as unknown as Record<symbol, MemoKey<Props> | true>)[buildConstant];
    const values = memoKey === true ? props : memoKey(props);
    let key = values === null ? null : valuesKey(values, memoKey !== true);
    if (key === null) {
      this.functionComponent(component, props, undefined);
      return;
    }
    let byKey = buildCache.get(component);
    if (!byKey) buildCache.set(component, (byKey = new Map()));
    let cached = byKey.get(key);
    const placed = cached === byPlace;
    if (placed) {
      key = key + '\u0002' + this.tree.id + '\u0000' + this.tree.overflow;
      cached = byKey.get(key);
    }
    if (cached !== undefined && cached !== byPlace) {
      this.replay(cached);
      return;
    }
    // Record: render with no text before, then put the separator back if one was due.
    const outer = { pushed: this.pushed, firstWasText: this.firstWasText, idsAsked: this.idsAsked, images: this.images, lastPushedText: this.lastPushedText };
    const start = this.out.length;
    const place = this.tree;
    this.pushed = false;
    this.idsAsked = 0;
    this.images = [];
    this.lastPushedText = false;
    let rendered = false;
    try {
      this.functionComponent(component, props, undefined);
      rendered = true;
    } finally {
      const entry: BuildConstantEntry = {
        html: this.out.slice(start).join(''),
        startsWithText: this.pushed && this.firstWasText,
        endsWithText: this.lastPushedText,
        images: this.images,
        askedIds: this.idsAsked !== 0,
      };
      const pushed = this.pushed;
      this.idsAsked += outer.idsAsked;
      if (outer.images) outer.images.push(...this.images);
      this.images = outer.images;
      if (pushed) {
        if (outer.lastPushedText && entry.startsWithText) this.out.splice(start, 0, '<!-- -->');
        if (!outer.pushed) this.firstWasText = entry.startsWithText;
        this.pushed = true;
      } else {
        this.pushed = outer.pushed;
        this.firstWasText = outer.firstWasText;
        this.lastPushedText = outer.lastPushedText;
      }
      // A failed render is not kept: the page falls back to React, which reports the error.
      if (rendered) {
        if (entry.askedIds && !placed) {
          byKey.set(key, byPlace);
          key = key + '\u0002' + place.id + '\u0000' + place.overflow;
        }
        byKey.set(key, entry);
      }
    }
  }

  /** Writes a kept build-constant render where the component is met again. */
  replay(cached: BuildConstantEntry): void {
    if (cached.askedIds) this.idsAsked++;
    if (cached.html === '') return;
    for (const img of cached.images) this.preloadImage(img);
    if (!this.pushed) {
      this.pushed = true;
      this.firstWasText = cached.startsWithText;
    }
    if (this.lastPushedText && cached.startsWithText) this.out.push('<!-- -->');
    this.out.push(cached.html);
    this.lastPushedText = cached.endsWithText;
    if (this.images) this.images.push(...cached.images);
  }

  functionComponent(component: FunctionType, props: Props, secondArg: unknown): void {
    const previous = internals.H;
    internals.H = this.dispatcher;
    this.rendering = true;
    this.localIds = 0;
    this.renderPhaseUpdate = false;
    let children: unknown;
    try {
      children = component(props, secondArg);
    } finally {
      this.rendering = false;
      internals.H = previous;
    }
    if (this.renderPhaseUpdate) throw new Unsupported('state updates during render');
    if (this.localIds !== 0) {
      const parent = this.tree;
      this.tree = pushTreeContext(parent, 1, 0);
      this.node(children, -1);
      this.tree = parent;
    } else {
      this.node(children, -1);
    }
  }

  classComponent(type: ClassType, props: Props): void {
    let ownProps = props;
    if ('ref' in props) {
      ownProps = {};
      for (const key in props) if (key !== 'ref') ownProps[key] = props[key];
    }
    const defaults = type.defaultProps;
    if (defaults) {
      if (ownProps === props) ownProps = { ...props };
      for (const key in defaults) if (ownProps[key] === undefined) ownProps[key] = defaults[key];
    }
    const contextType = type.contextType;
    const context = typeof contextType === 'object' && contextType !== null ? contextType._currentValue2 : emptyContext;
    const instance = new type(ownProps, context);
    const initial = instance.state !== undefined ? instance.state : null;
    instance.updater = classUpdater;
    instance.props = ownProps;
    instance.state = initial;
    instance.context = context;
    if (typeof type.getDerivedStateFromProps === 'function') {
      const partial = type.getDerivedStateFromProps(ownProps, initial);
      instance.state = partial === null || partial === undefined ? initial : { ...(initial as object), ...(partial as object) };
    }
    if (typeof instance.componentWillMount === 'function' || typeof instance.UNSAFE_componentWillMount === 'function') {
      throw new Unsupported('componentWillMount');
    }
    this.node(instance.render(), -1);
  }

  hostElement(type: string, props: Props): void {
    let ok = tagsChecked.get(type);
    if (ok === undefined) tagsChecked.set(type, (ok = !reactOnlyTags.has(type) && type.indexOf('-') === -1 && validTag.test(type)));
    if (!ok) throw new Unsupported(`<${type}>`);
    const out = this.out;
    if (!this.pushed) {
      this.pushed = true;
      this.firstWasText = false;
    }
    if (type === 'img') {
      if (this.images) this.images.push(props);
      this.preloadImage(props);
    }
    let html = '<' + type;
    let children: unknown = null;
    let innerHTML: unknown = null;
    for (const key in props) {
      if (!hasOwn.call(props, key)) continue;
      const value = props[key];
      if (value == null) continue;
      switch (key) {
        case 'children':
          children = value;
          break;
        case 'dangerouslySetInnerHTML':
          innerHTML = value;
          break;
        case 'href':
          // <a href=""> keeps its empty href; elsewhere it is dropped.
          html += type === 'a' && value === '' ? ' href=""' : attribute(key, value);
          break;
        case 'name':
        case 'formAction':
        case 'formEncType':
        case 'formMethod':
        case 'formTarget':
          if (type === 'button') throw new Unsupported('form attributes on <button>');
          html += attribute(key, value);
          break;
        default:
          html += attribute(key, value);
      }
    }
    if (voidTags.has(type)) {
      if (children != null || innerHTML != null) throw new Unsupported(`children of <${type}>`);
      out.push(html + '/>');
      this.lastPushedText = false;
      return;
    }
    out.push(html + '>');
    if (innerHTML != null) {
      if (children != null) throw new Unsupported('both children and dangerouslySetInnerHTML');
      if (typeof innerHTML !== 'object' || !('__html' in innerHTML)) throw new Unsupported('dangerouslySetInnerHTML without __html');
      const inner = (innerHTML as { __html: unknown }).__html;
      if (inner !== null && inner !== undefined) {
        out.push((type === 'pre' || type === 'listing') && typeof inner === 'string' && inner.length > 0 && inner[0] === '\n' ? '\n' + inner : '' + (inner as string));
      }
    }
    if (type === 'script') {
      if (typeof props.src === 'string' && props.src && props.async) throw new Unsupported('async scripts');
      if (typeof children === 'string') out.push(children.replace(scriptEnd, (_m, prefix: string, s: string, suffix: string) => prefix + (s === 's' ? '\\u0073' : '\\u0053') + suffix));
      out.push('</script>');
      this.lastPushedText = false;
      return;
    }
    if ((type === 'pre' || type === 'listing') && typeof children === 'string' && children[0] === '\n') out.push('\n');
    if (typeof children === 'string' && type !== 'pre' && type !== 'listing') {
      out.push(escapeText(children));
    } else {
      this.lastPushedText = false;
      this.node(children, -1);
    }
    out.push('</' + type + '>');
    this.lastPushedText = false;
  }

  // React preloads an image the page shows unless it is lazy, low priority
  // or inline data (Fizz's pushStartInstance, case "img"; with no headers
  // option, as renderToString has none).
  preloadImage(props: Props): void {
    const { src, srcSet } = props;
    if (props.loading === 'lazy' || (!src && !srcSet) || props.fetchPriority === 'low') return;
    if ((typeof src !== 'string' && src != null) || (typeof srcSet !== 'string' && srcSet != null)) return;
    if (isDataURL(src) || isDataURL(srcSet)) return;
    const sizes = typeof props.sizes === 'string' ? props.sizes : undefined;
    const key = srcSet ? (srcSet as string) + '\n' + (sizes || '') : (src as string);
    const seen = this.imageKeys.get(key);
    if (seen !== undefined) {
      // Fizz preloads an image once; one seen again while its preload waits
      // in the bulk queue is promoted, which this renderer leaves to React.
      if (seen === 'bulk') throw new Unsupported('an image shown again after ten others');
      return;
    }
    const crossOrigin = typeof props.crossOrigin === 'string' ? (props.crossOrigin === 'use-credentials' ? props.crossOrigin : '') : undefined;
    const link = {
      rel: 'preload',
      as: 'image',
      href: srcSet ? undefined : src,
      imageSrcSet: srcSet,
      imageSizes: sizes,
      crossOrigin,
      integrity: props.integrity,
      type: props.type,
      fetchPriority: props.fetchPriority,
      referrerPolicy: props.referrerPolicy,
    };
    let html = '<link';
    for (const [name, value] of Object.entries(link)) if (value != null) html += attribute(name, value);
    html += '/>';
    if (props.fetchPriority === 'high' || this.highImages.length < 10) {
      this.highImages.push(html);
      this.imageKeys.set(key, 'high');
    } else {
      this.bulkImages.push(html);
      this.imageKeys.set(key, 'bulk');
    }
  }

  dispatcher: Dispatcher = makeDispatcher(this);
}

function isDataURL(value: unknown): boolean {
  return typeof value === 'string' && value[4] === ':' && value.slice(0, 4).toLowerCase() === 'data';
}

type FunctionType = (props: Props, secondArg: unknown) => unknown;
type ClassInstance = {
  state?: unknown;
  props?: unknown;
  context?: unknown;
  updater?: unknown;
  render(): unknown;
  componentWillMount?: unknown;
  UNSAFE_componentWillMount?: unknown;
};
type ClassType = {
  new (props: Props, context: unknown): ClassInstance;
  defaultProps?: Props;
  contextType?: Context | null;
  getDerivedStateFromProps?: (props: Props, state: unknown) => unknown;
};

const emptyContext = {};
const classUpdater = {
  isMounted: () => false,
  enqueueSetState: () => {},
  enqueueReplaceState: () => {},
  enqueueForceUpdate: () => {},
};

function noop(): void {}

function makeDispatcher(r: Renderer): Dispatcher {
  const current = () => {
    if (!r.rendering) throw new Error('Invalid hook call: hooks can only be called inside the body of a function component.');
  };
  const dispatch = () => {
    if (r.rendering) r.renderPhaseUpdate = true;
  };
  const useReducer = (reducer: unknown, initialArg: unknown, init?: (arg: unknown) => unknown) => {
    current();
    const state = init !== undefined ? init(initialArg) : initialArg;
    void reducer;
    return [state, dispatch];
  };
  const useMemo = (create: () => unknown) => {
    current();
    return create();
  };
  return {
    readContext: (context: Context) => context._currentValue2,
    use: (usable: unknown) => {
      if (usable !== null && typeof usable === 'object') {
        const u = usable as { $$typeof?: symbol; then?: unknown; status?: string; value?: unknown; _currentValue2?: unknown };
        if (typeof u.then === 'function') {
          if (u.status === 'fulfilled') return u.value;
          throw new Unsupported('use() of a pending promise');
        }
        if (u.$$typeof === CONTEXT) return u._currentValue2;
      }
      throw new Unsupported('use() of ' + String(usable));
    },
    useContext: (context: Context) => {
      current();
      return context._currentValue2;
    },
    useMemo,
    useReducer,
    useRef: (initialValue: unknown) => {
      current();
      return { current: initialValue };
    },
    useState: (initialState: unknown) => {
      current();
      return [typeof initialState === 'function' ? (initialState as () => unknown)() : initialState, dispatch];
    },
    useInsertionEffect: noop,
    useLayoutEffect: noop,
    useCallback: (callback: unknown) => {
      current();
      return callback;
    },
    useImperativeHandle: noop,
    useEffect: noop,
    useDebugValue: noop,
    useDeferredValue: (value: unknown, initialValue?: unknown) => {
      current();
      return initialValue !== undefined ? initialValue : value;
    },
    useTransition: () => {
      current();
      return [false, () => {
        throw new Unsupported('startTransition on the server');
      }];
    },
    useId: () => {
      r.idsAsked++;
      const local = r.localIds++;
      return '_R_' + treeId(r.tree) + (local > 0 ? 'H' + local.toString(32) : '') + '_';
    },
    useSyncExternalStore: (_subscribe: unknown, _getSnapshot: unknown, getServerSnapshot?: () => unknown) => {
      if (getServerSnapshot === undefined) throw new Unsupported('useSyncExternalStore without getServerSnapshot');
      return getServerSnapshot();
    },
    useOptimistic: (passthrough: unknown) => {
      current();
      return [passthrough, noop];
    },
    useActionState: () => {
      throw new Unsupported('useActionState');
    },
    useFormState: () => {
      throw new Unsupported('useFormState');
    },
    useHostTransitionStatus: () => {
      current();
      return { pending: false, data: null, method: null, action: null };
    },
    useMemoCache: (size: number) => {
      const data = new Array(size);
      for (let i = 0; i < size; i++) data[i] = MEMO_CACHE_SENTINEL;
      return data;
    },
    useCacheRefresh: () => () => {
      throw new Unsupported('useCacheRefresh');
    },
    useEffectEvent: () => () => {
      throw new Unsupported('calling an effect event during render');
    },
  };
}

/**
 * Renders a React node to HTML as react-dom/server's renderToString does, or
 * throws Unsupported (the caller then uses renderToString). Errors the
 * components throw propagate, as they do from renderToString.
 */
export function renderToHtml(node: ReactNode): string {
  const r = new Renderer();
  r.node(node, -1);
  return r.highImages.join('') + r.bulkImages.join('') + r.out.join('');
}
