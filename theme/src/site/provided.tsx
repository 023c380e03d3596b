// The modules a site's own React code imports from Docusaurus (@docusaurus/*,
// @theme/*), React itself and clsx, as this theme provides them: the engine
// bundles a site's components with these imports left to
// globalThis.__portalProvide (Go package sitereact), so that they share the
// theme's React on the server and in the browser. Each site component is
// its own React root (an island, see islands.ts), outside the theme's
// providers: what a module needs of the site comes from the site context
// the engine gives (SiteContextData), never from the theme's contexts.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as jsxRuntime from 'react/jsx-runtime';
import clsx from 'clsx';
import { TranslationsContext } from '../app/translate';
import { Admonition } from '../content/components/Admonition';
import { CodeBlock as ThemeCodeBlock } from '../content/components/CodeBlock';

/** What the engine tells a site's components about the site (useDocusaurusContext). */
export interface SiteContextData {
  siteConfig: { title: string; tagline: string; url: string; baseUrl: string; trailingSlash?: boolean | null; customFields: Record<string, unknown> };
  i18n: { currentLocale: string; defaultLocale: string; locales: string[] };
  translations: Record<string, string>;
}

declare global {
  var __portalSiteContext: SiteContextData | undefined;
  var __portalProvide: ((name: string) => unknown) | undefined;
  var __portalSvg: ((source: string) => React.ComponentType<Record<string, unknown>>) | undefined;
}

/** What the engine tells a site's component about the page it is on (pipeline.componentPage). */
export interface PageContextData {
  pluginId: string;
  version: { name: string; label: string; path: string; isLast: boolean };
}

export const PageContext = React.createContext<PageContextData | null>(null);

function usePage(hook: string): PageContextData {
  const page = React.useContext(PageContext);
  if (!page) throw new Error(`${hook} is called outside a docs page`);
  return page;
}

/** @docusaurus/plugin-content-docs/client, for the page's docs version. */
function docsClient() {
  const useActiveVersion = () => usePage('useActiveVersion').version;
  return {
    useActiveVersion,
    useActivePlugin: () => ({ pluginId: usePage('useActivePlugin').pluginId, pluginData: {} }),
    useActiveDocContext: () => ({ activeVersion: useActiveVersion(), activeDoc: undefined, alternateDocVersions: {} }),
    useDocsVersion: () => {
      const v = useActiveVersion();
      return { version: v.name, label: v.label, isLast: v.isLast };
    },
  };
}

function siteContext(): SiteContextData {
  const context = globalThis.__portalSiteContext;
  if (!context) throw new Error('Portal: a site component rendered before the site context was given');
  return context;
}

const isExternal = (url: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);

/** useBaseUrl: a site path under the base URL, as Docusaurus's. */
export function withBaseUrl(url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}): string {
  const { siteConfig } = siteContext();
  if (!url || url.startsWith('#') || isExternal(url)) return url;
  const base = siteConfig.baseUrl;
  const path = options.forcePrependBaseUrl || !url.startsWith(base) ? base.replace(/\/$/, '') + (url.startsWith('/') ? url : `/${url}`) : url;
  return options.absolute ? siteConfig.url.replace(/\/$/, '') + path : path;
}

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & { to?: string; isNavLink?: boolean; autoAddBaseUrl?: boolean };

/** @docusaurus/Link: an <a> with the base URL on site paths; the page's link handling routes it. */
function Link({ to, href, isNavLink: _isNavLink, autoAddBaseUrl = true, ...rest }: LinkProps) {
  const target = to ?? href ?? '';
  const external = isExternal(target);
  const url = autoAddBaseUrl && !external ? withBaseUrl(target) : target;
  return <a href={url} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest} />;
}

/** The values a message interpolates: {name} placeholders. */
function interpolate(message: string, values?: Record<string, React.ReactNode>): React.ReactNode {
  if (!values) return message;
  const parts = message.split(/(\{\w+\})/);
  if (parts.every((p) => !/^\{\w+\}$/.test(p) || typeof values[p.slice(1, -1)] !== 'object')) {
    return parts.map((p) => (/^\{\w+\}$/.test(p) && p.slice(1, -1) in values ? String(values[p.slice(1, -1)]) : p)).join('');
  }
  return <>{parts.map((p, i) => <React.Fragment key={i}>{/^\{\w+\}$/.test(p) && p.slice(1, -1) in values ? values[p.slice(1, -1)] : p}</React.Fragment>)}</>;
}

/** @docusaurus/Translate's translate(): code.json's message, or the default. */
function translate({ id, message }: { id?: string; message?: string; description?: string }, values?: Record<string, string | number>): string {
  const text = (id && siteContext().translations[id]) ?? message ?? id ?? '';
  return String(interpolate(text, values));
}

function Translate({ id, children, values }: { id?: string; description?: string; children?: string; values?: Record<string, React.ReactNode> }) {
  const text = (id && siteContext().translations[id]) ?? children ?? id ?? '';
  return <>{interpolate(text, values)}</>;
}

function useIsBrowser(): boolean {
  const [browser, setBrowser] = React.useState(false);
  React.useEffect(() => setBrowser(true), []);
  return browser;
}

/** BrowserOnly: the fallback on the server and while hydrating, then the children. */
function BrowserOnly({ children, fallback }: { children: () => React.ReactNode; fallback?: React.ReactNode }) {
  return <>{useIsBrowser() ? children() : (fallback ?? null)}</>;
}

/** useColorMode: the document's data-theme, which the theme's toggle sets. */
function useColorMode() {
  const read = () => (typeof document === 'undefined' ? 'light' : document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');
  const [colorMode, setMode] = React.useState<'light' | 'dark'>('light');
  React.useEffect(() => {
    setMode(read());
    const observer = new MutationObserver(() => setMode(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return { colorMode, isDarkTheme: colorMode === 'dark', setColorMode: () => {} };
}

/** What a React page's Layout and the site's <Head>s say of the page, taken by the server render (render.tsx). */
export interface LayoutMeta {
  title?: string;
  description?: string;
  head?: HeadMeta;
}

/** A <Head>'s tags, as the engine's page head takes them (markdown.Head); skipped names the elements it cannot. */
export interface HeadMeta {
  title?: string;
  tags: { name: string; attrs: { name: string; value: string }[] }[];
  skipped: string[];
}

declare global {
  var __portalLayoutMeta: LayoutMeta | undefined;
}

/** useWindowSize: "ssr" on the server and while hydrating, as Docusaurus's, then the viewport's class. */
function useWindowSize(): 'desktop' | 'mobile' | 'ssr' {
  const [size, setSize] = React.useState<'desktop' | 'mobile' | 'ssr'>('ssr');
  React.useEffect(() => {
    const update = () => setSize(window.innerWidth > 996 ? 'desktop' : 'mobile');
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

/** @docusaurus/router's Redirect: nothing on the server, as Docusaurus's static render; the browser goes on to the target. */
function Redirect({ to, push = false }: { to: string; push?: boolean }) {
  React.useEffect(() => {
    if (push) window.location.assign(to);
    else window.location.replace(to);
  }, [to, push]);
  return null;
}

function routerLocation() {
  const at = typeof window === 'undefined' ? null : window.location;
  return { pathname: at?.pathname ?? '/', search: at?.search ?? '', hash: at?.hash ?? '', state: undefined };
}

/** @docusaurus/router: full page loads, which the theme's router takes over for site links. */
const router = {
  Redirect,
  useLocation: routerLocation,
  useHistory: () => ({ push: (to: string) => window.location.assign(to), replace: (to: string) => window.location.replace(to), location: routerLocation() }),
};

/** @theme/Layout: the theme lays out the page; a React page's content is its children, its title and description the page's. */
function Layout({ children, title, description }: { children?: React.ReactNode; title?: string; description?: string }) {
  if (typeof window === 'undefined') globalThis.__portalLayoutMeta = { ...globalThis.__portalLayoutMeta, title, description };
  return <>{children}</>;
}

/** React's names of the head attributes that HTML spells otherwise. */
const HEAD_ATTRIBUTES: Record<string, string> = { className: 'class', httpEquiv: 'http-equiv', charSet: 'charset', hrefLang: 'hreflang', crossOrigin: 'crossorigin', itemProp: 'itemprop' };

function textOf(node: React.ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (React.isValidElement<{ children?: React.ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** Adds a <Head>'s children to what the server render gives the page's head, in the order they come (a later title wins, as in Docusaurus). */
function collectHead(children: React.ReactNode, head: HeadMeta): void {
  for (const child of React.Children.toArray(children)) {
    if (!React.isValidElement<Record<string, unknown>>(child)) continue;
    if (child.type === React.Fragment) {
      collectHead(child.props.children as React.ReactNode, head);
    } else if (child.type === 'title') {
      head.title = textOf(child.props.children as React.ReactNode).trim();
    } else if (child.type === 'meta' || child.type === 'link') {
      const attrs = Object.entries(child.props)
        .filter(([key, value]) => key !== 'children' && (typeof value === 'string' || typeof value === 'number'))
        .map(([key, value]) => ({ name: HEAD_ATTRIBUTES[key] ?? key.toLowerCase(), value: String(value) }));
      head.tags.push({ name: child.type, attrs });
    } else {
      head.skipped.push(typeof child.type === 'string' ? child.type : 'a component');
    }
  }
}

/** @docusaurus/Head: its title, meta and link tags go into the page's head, written by the server render; the browser keeps them. */
function Head({ children }: { children?: React.ReactNode }) {
  if (typeof window === 'undefined') {
    const meta = (globalThis.__portalLayoutMeta ??= {});
    collectHead(children, (meta.head ??= { tags: [], skipped: [] }));
  }
  return null;
}

function Heading({ as: Tag = 'h2', id, children, ...rest }: { as?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'; id?: string; children?: React.ReactNode } & React.HTMLAttributes<HTMLHeadingElement>) {
  if (Tag === 'h1' || !id) {
    return (
      <Tag id={id} {...rest}>
        {children}
      </Tag>
    );
  }
  return (
    <Tag id={id} {...rest} className={clsx('anchor', rest.className)}>
      {children}
      <a href={`#${id}`} className="hash-link" aria-label={`Direct link to ${id}`} title={`Direct link to ${id}`}>
        {'\u200B'}
      </a>
    </Tag>
  );
}

function ThemedImage({ sources, alt, ...rest }: { sources: { light: string; dark: string }; alt?: string } & React.ImgHTMLAttributes<HTMLImageElement>) {
  return (
    <>
      <img src={sources.light} alt={alt} {...rest} className={clsx('themedComponent--light', rest.className)} />
      <img src={sources.dark} alt={alt} {...rest} className={clsx('themedComponent--dark', rest.className)} />
    </>
  );
}

/** @theme/CodeBlock for code the site computes: the theme's code block markup, one line a span, not highlighted. */
function CodeBlock({ children, language, className, title }: { children?: React.ReactNode; language?: string; className?: string; title?: string }) {
  const lang = language ?? className?.replace(/^language-/, '');
  const text = (typeof children === 'string' ? children : React.Children.toArray(children).join('')).replace(/\n$/, '');
  const lines = text.split('\n').map((line) => `${line}\n`);
  return <ThemeCodeBlock language={lang} title={title} lines={lines.length} lineTexts={lines} />;
}

function SiteAdmonition({ type = 'note', title, children }: { type?: string; title?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Admonition type={type} title={title}>
      {children}
    </Admonition>
  );
}

const executionEnvironment = () => {
  const canUseDOM = typeof window !== 'undefined' && typeof document !== 'undefined';
  return { canUseDOM, canUseEventListeners: canUseDOM, canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window, canUseViewport: canUseDOM };
};

const withDefault = <T extends object>(value: T, extra: Record<string, unknown> = {}) => ({ __esModule: true, default: value, ...extra });

function modules(): Record<string, unknown> {
  const useDocusaurusContext = () => siteContext();
  const useBaseUrl = (url: string, options?: { absolute?: boolean; forcePrependBaseUrl?: boolean }) => withBaseUrl(url, options);
  return {
    react: React,
    'react/jsx-runtime': jsxRuntime,
    'react/jsx-dev-runtime': { ...jsxRuntime, jsxDEV: jsxRuntime.jsx },
    'react-dom': ReactDOM,
    clsx: withDefault(clsx, { clsx }),
    '@docusaurus/Link': withDefault(Link),
    '@docusaurus/useBaseUrl': withDefault(useBaseUrl, { useBaseUrlUtils: () => ({ withBaseUrl }) }),
    '@docusaurus/useDocusaurusContext': withDefault(useDocusaurusContext),
    '@docusaurus/Translate': withDefault(Translate, { translate }),
    '@docusaurus/Interpolate': withDefault(({ children, values }: { children: string; values?: Record<string, React.ReactNode> }) => <>{interpolate(children, values)}</>, { interpolate }),
    '@docusaurus/BrowserOnly': withDefault(BrowserOnly),
    '@docusaurus/useIsBrowser': withDefault(useIsBrowser),
    '@docusaurus/ExecutionEnvironment': withDefault(executionEnvironment()),
    '@docusaurus/Head': withDefault(Head),
    '@docusaurus/theme-common': { useColorMode, useWindowSize, ThemeClassNames: {}, translate },
    '@theme/Layout': withDefault(Layout),
    '@theme/Heading': withDefault(Heading),
    '@theme/ThemedImage': withDefault(ThemedImage),
    '@theme/CodeBlock': withDefault(CodeBlock),
    '@theme/Admonition': withDefault(SiteAdmonition),
    '@theme/MDXComponents/A': withDefault(Link),
    '@theme/MDXComponents': withDefault({ a: Link, Heading, CodeBlock, Admonition: SiteAdmonition, Head }),
    '@docusaurus/plugin-content-docs/client': docsClient(),
    '@docusaurus/router': router,
  };
}

/** A module the theme does not give, or a package the site has not installed: throws where it is used. */
function missingModule(name: string): unknown {
  const message = name.startsWith('missing:')
    ? `the package ${name.slice('missing:'.length)} is not installed: run npm install in the site folder`
    : `${name} is not provided by Portal's theme (docs/docusaurus-compat.md)`;
  // A function, not an arrow: `new` on the stand-in must reach the construct trap.
  function fail(): never {
    throw new Error(message);
  }
  const handler: ProxyHandler<() => never> = {
    get: (_t, key) => (key === '__esModule' ? true : key === Symbol.toPrimitive ? fail : key === 'then' ? undefined : new Proxy(fail, handler)),
    apply: fail,
    construct: fail,
    // A bundler's interop copies a module's own keys onto an object made
    // from its prototype: named imports of it are then found there.
    getPrototypeOf: () => new Proxy({}, { get: (_t, key) => (typeof key === 'string' && key !== 'then' ? new Proxy(fail, handler) : undefined) }),
  };
  return new Proxy(fail, handler);
}

/** An SVG file as a component, as SVGR makes it: the root's attributes, the caller's props, the file's content. */
function svgComponent(source: string): React.ComponentType<Record<string, unknown>> {
  const open = /<svg\b([^>]*)>/i.exec(source);
  const inner = open ? source.slice(open.index + open[0].length, source.lastIndexOf('</svg>')) : '';
  const attrs: Record<string, string> = {};
  for (const m of (open?.[1] ?? '').matchAll(/([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    const name = m[1] === 'class' ? 'className' : m[1].includes(':') ? m[1].replace(/:(\w)/, (_x, c: string) => c.toUpperCase()) : m[1];
    attrs[name] = m[3] ?? m[4] ?? '';
  }
  delete attrs.style;
  const Svg = ({ title: _title, ...props }: Record<string, unknown>) => <svg {...attrs} {...props} dangerouslySetInnerHTML={{ __html: inner }} />;
  return Svg;
}

/**
 * A module the theme provides, whose exports it does not all have: the
 * others are found on its prototype as missing modules, so that importing
 * one works and only using it throws, naming it.
 */
function withMissingExports(name: string, value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  if (typeof value === 'function') return value;
  const missing = new Proxy(
    {},
    {
      get: (_t, key) => (typeof key !== 'string' || key === 'then' || key === '__esModule' ? undefined : missingModule(`${name} (its export ${key})`)),
    },
  );
  return Object.assign(Object.create(missing) as object, value);
}

/** Installs what site bundles import; idempotent. */
export function installSiteRuntime(): void {
  if (globalThis.__portalProvide) return;
  let table: Record<string, unknown> | null = null;
  globalThis.__portalProvide = (name: string) => {
    table ??= Object.fromEntries(Object.entries(modules()).map(([key, value]) => [key, withMissingExports(key, value)]));
    return table[name] ?? missingModule(name);
  };
  globalThis.__portalSvg = svgComponent;
}

/** Wraps a site component's tree in what the theme's own components and the provided hooks read. */
export function SiteRoot({ page, children }: { page?: PageContextData | null; children: React.ReactNode }) {
  return (
    <TranslationsContext.Provider value={siteContext().translations}>
      <PageContext.Provider value={page ?? null}>{children}</PageContext.Provider>
    </TranslationsContext.Provider>
  );
}
