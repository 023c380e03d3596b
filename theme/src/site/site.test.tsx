import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderComponents, slotPlaceholder } from '../content/components/render';
import { installSiteRuntime } from './provided';

const site = {
  context: {
    siteConfig: { title: 'Site', tagline: 'T', url: 'https://example.org', baseUrl: '/repo/', customFields: { team: 'docs' } },
    i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] },
    translations: { 'home.cta': 'Start {name}' },
  },
  contextScript: '/repo/assets/site/context.js',
  runtime: '/repo/assets/theme/site-runtime.js',
  scripts: { 'src/Card.js': '/repo/assets/site/Card.js' },
};

type Provide = (name: string) => Record<string, unknown>;
const provide = (name: string) => (globalThis.__portalProvide as Provide)(name);

function renderSite(props: Record<string, unknown>, slots: string[] = []): string | { error: string } {
  const input = { components: [{ name: 'SiteComponent', props: { module: 'src/Card.js', export: 'default', ...props }, slots }], site };
  return (JSON.parse(renderComponents(JSON.stringify(input), (node) => renderToString(node))) as (string | { error: string })[])[0];
}

beforeAll(() => {
  installSiteRuntime();
  const Link = provide('@docusaurus/Link').default as ComponentType<{ to: string; children?: string }>;
  const Translate = provide('@docusaurus/Translate').default as ComponentType<{ id: string; values: Record<string, string>; children?: string }>;
  const useSiteContext = provide('@docusaurus/useDocusaurusContext').default as () => typeof site.context;
  const useActiveVersion = provide('@docusaurus/plugin-content-docs/client').useActiveVersion as () => { label: string };
  globalThis.__portalSiteModules = {
    'src/Card.js': {
      default: function Card({ to, children }: { to: string; children?: unknown }) {
        const { siteConfig } = useSiteContext();
        return createElement(
          'div',
          { className: 'card' },
          createElement(Link, { to }, siteConfig.customFields.team as string),
          createElement(Translate, { id: 'home.cta', values: { name: 'now' } }, 'Go'),
          children as never,
        );
      },
      Versioned: function Versioned() {
        return createElement('span', null, useActiveVersion().label);
      },
      Broken: () => {
        throw new Error('window is not defined');
      },
    },
  };
});

describe('site components', () => {
  it('render in an island with their props, the site context and the Markdown children', () => {
    const html = renderSite({ props: { to: '/docs/intro' } }, ['children']) as string;
    expect(html).toContain('<portal-island data-module="src/Card.js" data-export="default" data-props="{&quot;to&quot;:&quot;/docs/intro&quot;}"');
    expect(html).toContain('data-script="/repo/assets/site/Card.js" data-context="/repo/assets/site/context.js" data-runtime="/repo/assets/theme/site-runtime.js"');
    expect(html).toContain(`<div class="card"><a href="/repo/docs/intro">docs</a>Start now<portal-children>${slotPlaceholder('children')}</portal-children></div>`);
  });

  it("read the page's docs version", () => {
    const page = { pluginId: 'default', version: { name: '0.77', label: '0.77', path: '/docs/0.77', isLast: false } };
    expect(renderSite({ export: 'Versioned', props: {}, page })).toContain('<span>0.77</span>');
  });

  it('that throw are reported, for the engine to show their children', () => {
    expect(renderSite({ export: 'Broken', props: {} })).toEqual({ error: 'window is not defined' });
  });

  it('gets a stand-in for what the theme does not provide, which throws only when used', () => {
    const common = provide('@docusaurus/theme-common');
    expect(() => (common.useNoSuchHook as () => void)()).toThrow('@docusaurus/theme-common (its export useNoSuchHook) is not provided');
    expect(() => (provide('missing:left-pad') as unknown as () => void)()).toThrow('the package left-pad is not installed: run npm install in the site folder');
  });

  it('makes an SVG file a component with its root attributes and the props given', () => {
    const Svg = globalThis.__portalSvg!('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" class="x"><circle r="1"/></svg>');
    expect(renderToString(createElement(Svg, { role: 'img', width: 20 }))).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" class="x" role="img" width="20"><circle r="1"/></svg>',
    );
  });
});

describe('a package the site has not installed', () => {
  it('gives named imports that throw where they are used, as a bundle reads them', () => {
    const mod = provide('missing:@pnpm/ui');
    // esbuild's __toESM: an object made from the module's prototype, with its own keys copied.
    const interop = Object.assign(Object.create(Object.getPrototypeOf(mod) as object) as Record<string, unknown>, mod);
    expect(typeof interop.Homepage).toBe('function');
    expect(() => (interop.Homepage as () => void)()).toThrow('the package @pnpm/ui is not installed: run npm install in the site folder');
  });
});

describe('a stand-in', () => {
  it('throws its message when constructed, not a TypeError of its own', () => {
    const Missing = provide('missing:canvas') as unknown as new () => object;
    expect(() => new Missing()).toThrow('the package canvas is not installed');
  });
});

describe('@theme/CodeBlock for code the site computes', () => {
  it("writes the theme's code block, one span a line", () => {
    const CodeBlock = provide('@theme/CodeBlock').default as ComponentType<{ language: string; children: string }>;
    expect(renderToString(createElement(CodeBlock, { language: 'bash', children: 'npm i x@1\nnpx x\n' }))).toBe(
      '<div class="code-block" data-language="bash"><pre class="chroma"><code class="language-bash">' +
        '<span class="line">npm i x@1\n</span><span class="line">npx x\n</span></code></pre></div>',
    );
  });
});

describe('@docusaurus/Head', () => {
  it("gives the server render its title, meta and link tags, and names what the page's head cannot take", () => {
    const Head = provide('@docusaurus/Head').default as ComponentType<{ children?: unknown }>;
    const tree = createElement(
      Head,
      null,
      createElement('title', null, 'Jest', ' ', '·', ' ', 'Delightful'),
      createElement('meta', { property: 'og:title', content: 'Jest' }),
      createElement('link', { rel: 'preconnect', href: 'https://fonts.example.org', crossOrigin: 'anonymous' }),
      createElement('script', null, 'window.x = 1'),
    );
    const browserWindow = globalThis.window;
    vi.stubGlobal('window', undefined);
    try {
      globalThis.__portalLayoutMeta = undefined;
      expect(renderToString(tree)).toBe('');
      expect(globalThis.__portalLayoutMeta).toEqual({
        head: {
          title: 'Jest · Delightful',
          tags: [
            { name: 'meta', attrs: [{ name: 'property', value: 'og:title' }, { name: 'content', value: 'Jest' }] },
            { name: 'link', attrs: [{ name: 'rel', value: 'preconnect' }, { name: 'href', value: 'https://fonts.example.org' }, { name: 'crossorigin', value: 'anonymous' }] },
          ],
          skipped: ['script'],
        },
      });
    } finally {
      vi.stubGlobal('window', browserWindow);
      globalThis.__portalLayoutMeta = undefined;
    }
  });

  it('renders nothing in the browser, which keeps the head the server wrote', () => {
    const Head = provide('@docusaurus/Head').default as ComponentType<{ children?: unknown }>;
    globalThis.__portalLayoutMeta = undefined;
    expect(renderToString(createElement(Head, null, createElement('title', null, 'X')))).toBe('');
    expect(globalThis.__portalLayoutMeta).toBeUndefined();
  });
});
