// The theme's own server renderer must write exactly what react-dom/server's
// renderToString writes: whole pages of every kind, and the React features
// and DOM props it reproduces one by one. (The Go tests compare every page of
// the portal and the fixture sites too.)
import { createContext, createElement, forwardRef, memo, Suspense, useContext, useId, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PageData, SidebarItem, SiteData } from './contract.gen';
import { App } from './app/App';
import { serverLocation, StaticRouter } from './app/router';
import { homePage, introPage, notFoundPage, otherPage, sidebar, site } from './app/testFixtures';
import { SidebarItemView, sidebarItemMemoKey } from './docs/DocSidebar';
import { docPage, fixtureSidebar } from './docs/testFixtures';
import { markBuildConstant, renderToHtml, resetBuildCache, Unsupported } from './serverRender';
import { ColorModeToggle } from './shell/ColorModeToggle';
import { Footer } from './shell/Footer';
import { NavbarLogo } from './shell/navbar/NavbarLogo';

function app(s: SiteData, page: PageData, side: SidebarItem[] | null) {
  return (
    <App
      site={s}
      router={(children) => (
        <StaticRouter location={serverLocation(page)} page={page} sidebar={side}>
          {children}
        </StaticRouter>
      )}
    />
  );
}

const richSite: SiteData = {
  ...site,
  themeConfig: {
    ...site.themeConfig,
    navbar: {
      ...site.themeConfig.navbar,
      logo: { alt: 'Logo', src: '/img/logo.svg', srcDark: '/img/logo-dark.svg', href: '/', width: 55, height: 50 },
      style: 'dark',
    },
    footer: {
      style: 'dark',
      links: [{ title: 'Docs', items: [{ label: 'Intro', to: '/docs/' }, { label: 'Out', href: 'https://example.org/' }, { html: '<b>x</b>' }] }],
      copyright: 'Copyright © Quillmoor',
      logo: { alt: 'Footer logo', src: '/img/footer.svg', href: 'https://example.org/' },
    },
  },
};

describe('renderToHtml writes what renderToString writes', () => {
  beforeEach(() => resetBuildCache());

  const pages: [string, SiteData, PageData, SidebarItem[] | null][] = [
    ['home page', site, homePage, null],
    ['doc with sidebar', site, introPage, sidebar],
    ['other doc', site, otherPage, sidebar],
    ['not-found page', site, notFoundPage, null],
    ['doc with TOC, breadcrumbs and pagination', site, docPage(), fixtureSidebar()],
    ['logo, dark navbar and footer', richSite, docPage(), fixtureSidebar()],
    ['home page with logo and footer', richSite, homePage, null],
  ];
  it.each(pages)('%s', (_name, s, page, side) => {
    expect(renderToHtml(app(s, page, side))).toBe(renderToString(app(s, page, side)));
  });

  it('reuses build-constant parts across pages and still agrees', () => {
    markBuildConstant(Footer);
    markBuildConstant(ColorModeToggle);
    markBuildConstant(NavbarLogo);
    for (const [, s, page, side] of [...pages, ...pages]) {
      if (s !== richSite) continue;
      expect(renderToHtml(app(s, page, side))).toBe(renderToString(app(s, page, side)));
    }
  });

  it('reuses the sidebar items a page is not in, on every page of one sidebar', () => {
    markBuildConstant(SidebarItemView, sidebarItemMemoKey);
    const side = fixtureSidebar();
    const paths = ['/docs/introduction/', '/docs/getting-started/', '/docs/getting-started/registration/', '/docs/getting-started/secret/', '/docs/api/fhir/r4/', '/docs/elsewhere/'];
    for (const path of [...paths, ...paths.reverse()]) {
      const page = docPage({ path });
      expect(renderToHtml(app(site, page, side))).toBe(renderToString(app(site, page, side)));
    }
  });
});

const Theme = createContext('light');

function Ids({ n }: { n: number }) {
  const a = useId();
  const b = useId();
  return (
    <span data-a={a} data-b={b}>
      {n}
    </span>
  );
}

const Fancy = memo(
  forwardRef<HTMLDivElement, { label: string }>(function Fancy({ label }, ref) {
    const theme = useContext(Theme);
    const [count] = useState(() => 3);
    const [total] = useReducer((x: number) => x, 7);
    const doubled = useMemo(() => count * 2, [count]);
    const r = useRef(1);
    return (
      <div ref={ref} className={theme} data-n={doubled + total + r.current}>
        {label}
        {label}
        {''}
        {0}
      </div>
    );
  }),
);

// Components the memo tests mark build-constant, each its own function so
// that marking one leaves the others as they are.
function KeptIds({ n }: { n: number }) {
  return <Ids n={n} />;
}

function KeptItem({ item, n }: { item: { label: string }; n: number; onPick?: () => void }) {
  return (
    <li>
      {item.label}
      {n}
    </li>
  );
}

describe('build-constant parts are kept by their keys and still agree', () => {
  beforeEach(() => resetBuildCache());

  it('keeps a part that asks for useId by its place: two places, each met twice', () => {
    markBuildConstant(KeptIds);
    const tree = (
      <div>
        <KeptIds n={1} />
        <p>between</p>
        <section>
          <KeptIds n={1} />
        </section>
      </div>
    );
    for (let i = 0; i < 2; i++) expect(renderToHtml(tree)).toBe(renderToString(tree));
  });

  it('keys objects a memoKey names by identity, and never reuses a key holding a function', () => {
    let renders = 0;
    const counted = (props: { item: { label: string }; n: number; onPick?: () => void }) => {
      renders++;
      return KeptItem(props);
    };
    markBuildConstant(counted, ({ item, n, onPick }) => (onPick ? { item, n, onPick } : { item, n }));
    const one = { label: 'one' };
    const sameText = { label: 'one' };
    const list = (
      <ul>
        {[one, one, sameText].map((item, i) => createElement(counted, { key: i, item, n: 1 }))}
        {createElement(counted, { item: one, n: 1, onPick: () => {} })}
      </ul>
    );
    const own = renderToHtml(list);
    // one twice (kept), sameText (another object), the one with a click handler.
    expect(renders).toBe(3);
    expect(own).toBe(renderToString(list));
  });
});

describe('features, one by one', () => {
  const cases: [string, ReactNode][] = [
    ['adjacent text nodes', <p key="p">a{'b'}{1}{null}c{false}</p>],
    ['text escaping', <p title={`"<&'>`}>{`"<&'>`}</p>],
    ['attributes', <div><label htmlFor="x" className="c" tabIndex={-1} aria-hidden data-on={false} hidden={false} onClick={() => {}} /><button type="button" disabled>b</button></div>],
    ['svg props', <svg viewBox="0 0 1 1" strokeWidth={2} fillRule="evenodd" xlinkHref="#a" focusable="false"><path d="M0" /></svg>],
    ['style', <div style={{ marginTop: 4, lineHeight: 2, '--x': ' y ', msTransform: 'none', opacity: 0, color: '' } as never} />],
    ['empty href on a link and elsewhere', <div><a href="">a</a><img src="" alt="" /></div>],
    ['javascript: URLs', <a href="javascript:alert(1)">x</a>],
    ['void elements', <div><br /><hr /></div>],
    ['inner HTML and pre newline', <div><div dangerouslySetInnerHTML={{ __html: '<i>x</i>' }} /><pre>{'\nline'}</pre><pre dangerouslySetInnerHTML={{ __html: '\nx' }} /></div>],
    ['inline script', <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: '{"a":"</script>"}' }} />],
    ['script text', <script>{'var a = "</script>";'}</script>],
    ['useId in arrays and fragments', <div>{[1, 2, 3].map((n) => <Ids key={n} n={n} />)}<>{[<Ids key="a" n={4} />]}</></div>],
    ['context, memo, forwardRef and hooks', <Theme value="dark"><Fancy label="l" /><Theme.Consumer>{(v) => <i>{v}</i>}</Theme.Consumer></Theme>],
    ['images preload in order', <div>{Array.from({ length: 12 }, (_, i) => <img key={i} src={`/i${i}.png`} alt="" />)}<img src="/lazy.png" loading="lazy" alt="" /><img src="data:image/png;base64,AA" alt="" /></div>],
    ['iterables', <ul>{new Set([<li key="1">1</li>, <li key="2">2</li>])}</ul>],
    ['suspense boundaries between text, around text and ids', <div>x<Suspense fallback={null}>y<Ids n={1} /></Suspense>z<Ids n={2} /><Suspense fallback={null}><Ids n={3} /></Suspense><Suspense fallback={null}>t</Suspense>u<Suspense fallback={null} /></div>],
    ['a suspense boundary first', <Suspense fallback={<b>f</b>}><p>a</p>{'b'}</Suspense>],
  ];
  it.each(cases)('%s', (_name, node) => {
    expect(renderToHtml(node)).toBe(renderToString(node));
  });

  it('leaves to React what it does not reproduce', () => {
    expect(() => renderToHtml(<select value="a"><option value="a">A</option></select>)).toThrow(Unsupported);
    expect(() => renderToHtml(<title>x</title>)).toThrow(Unsupported);
  });
});
