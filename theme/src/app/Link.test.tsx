import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, resolveLink } from './Link';
import { RouterContext, type RouterValue } from './router';
import { SiteProvider } from './SiteContext';
import { site } from './testFixtures';

let router: RouterValue;
let lastClickPrevented: boolean | null;
const stopNavigation = (e: MouseEvent) => {
  lastClickPrevented = e.defaultPrevented;
  e.preventDefault(); // jsdom cannot navigate
};

function wrap(children: ReactNode, baseUrl = '/') {
  return (
    <SiteProvider site={{ ...site, baseUrl }}>
      <RouterContext.Provider value={router}>{children}</RouterContext.Provider>
    </SiteProvider>
  );
}

class FakeObserver {
  static instances: FakeObserver[] = [];
  disconnected = false;
  elements: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(el: Element) {
    this.elements.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  intersect(isIntersecting: boolean) {
    this.callback(
      this.elements.map((target) => ({ isIntersecting, intersectionRatio: isIntersecting ? 1 : 0, target }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

beforeEach(() => {
  router = {
    location: { pathname: '/', search: '', hash: '' },
    state: { status: 'loading' },
    navigate: vi.fn(),
    prefetch: vi.fn(),
    action: 'push',
    retry: vi.fn(),
  };
  lastClickPrevented = null;
  document.addEventListener('click', stopNavigation);
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  document.removeEventListener('click', stopNavigation);
  vi.unstubAllGlobals();
});

describe('resolveLink', () => {
  it('adds the base URL to site paths only', () => {
    expect(resolveLink('/docs/', '/base/')).toEqual({ url: '/base/docs/', routed: true, external: false });
    expect(resolveLink('/base/docs/', '/base/').url).toBe('/base/docs/');
    expect(resolveLink('/docs/', '/base/', { autoAddBaseUrl: false }).url).toBe('/docs/');
    expect(resolveLink('other/', '/base/').url).toBe('other/');
    expect(resolveLink('https://example.org/', '/base/')).toEqual({ url: 'https://example.org/', routed: false, external: true });
    expect(resolveLink('//cdn.example.org/x', '/').external).toBe(true);
    expect(resolveLink('mailto:a@example.org', '/').external).toBe(true);
  });

  it('renders anchors, empty targets and non-_self targets as plain links', () => {
    expect(resolveLink('#part', '/')).toEqual({ url: '#part', routed: false, external: false });
    expect(resolveLink(undefined, '/').routed).toBe(false);
    expect(resolveLink('/docs/', '/', { target: '_blank' }).routed).toBe(false);
    expect(resolveLink('/docs/', '/', { target: '_self' }).routed).toBe(true);
  });

  it('strips pathname:// and forces a full page load', () => {
    expect(resolveLink('pathname:///fr/docs/', '/base/')).toEqual({ url: '/base/fr/docs/', routed: false, external: true });
  });
});

describe('Link clicks', () => {
  it('navigates on the client on a plain left click', () => {
    render(wrap(<Link to="/docs/other/">Other</Link>));
    fireEvent.click(screen.getByRole('link', { name: 'Other' }));
    expect(router.navigate).toHaveBeenCalledWith('/docs/other/');
    expect(lastClickPrevented).toBe(true);
  });

  it('passes the base URL to navigate', () => {
    render(wrap(<Link to="/docs/">Docs</Link>, '/base/'));
    const link = screen.getByRole('link', { name: 'Docs' });
    expect(link.getAttribute('href')).toBe('/base/docs/');
    fireEvent.click(link);
    expect(router.navigate).toHaveBeenCalledWith('/base/docs/');
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves %s clicks to the browser', (_name, init) => {
    render(wrap(<Link to="/docs/other/">Other</Link>));
    fireEvent.click(screen.getByRole('link', { name: 'Other' }), init);
    expect(router.navigate).not.toHaveBeenCalled();
    expect(lastClickPrevented).toBe(false);
  });

  it('leaves download links, target=_blank links and anchors to the browser', () => {
    render(
      wrap(
        <>
          <Link to="/files/a.pdf" download>
            File
          </Link>
          <Link to="/docs/" target="_blank">
            New tab
          </Link>
          <Link href="#part">Anchor</Link>
        </>,
      ),
    );
    for (const name of ['File', 'New tab', 'Anchor']) {
      fireEvent.click(screen.getByRole('link', { name }));
      expect(lastClickPrevented).toBe(false);
    }
    expect(router.navigate).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Anchor' }).getAttribute('href')).toBe('#part');
    expect(screen.getByRole('link', { name: 'New tab' })).not.toHaveAttribute('rel');
  });

  it('opens external links in a new tab with noopener noreferrer, unless told otherwise', () => {
    render(
      wrap(
        <>
          <Link href="https://example.org/">Away</Link>
          <Link href="https://example.org/fr/" target="_self" rel="alternate">
            Same tab
          </Link>
        </>,
      ),
    );
    const away = screen.getByRole('link', { name: 'Away' });
    expect(away).toHaveAttribute('target', '_blank');
    expect(away).toHaveAttribute('rel', 'noopener noreferrer');
    fireEvent.click(away);
    expect(lastClickPrevented).toBe(false);
    const same = screen.getByRole('link', { name: 'Same tab' });
    expect(same).toHaveAttribute('target', '_self');
    expect(same).toHaveAttribute('rel', 'alternate');
    expect(router.navigate).not.toHaveBeenCalled();
    expect(router.prefetch).not.toHaveBeenCalled();
  });

  it('respects an onClick that prevents the default', () => {
    render(
      wrap(
        <Link to="/docs/" onClick={(e) => e.preventDefault()}>
          Guarded
        </Link>,
      ),
    );
    fireEvent.click(screen.getByRole('link', { name: 'Guarded' }));
    expect(router.navigate).not.toHaveBeenCalled();
  });
});

describe('Link prefetch', () => {
  it('prefetches when the link enters the viewport, then stops observing', () => {
    render(wrap(<Link to="/docs/other/">Other</Link>));
    const observer = FakeObserver.instances[0];
    observer.intersect(false);
    expect(router.prefetch).not.toHaveBeenCalled();
    act(() => observer.intersect(true));
    expect(router.prefetch).toHaveBeenCalledWith('/docs/other/', { inView: true });
    expect(observer.disconnected).toBe(true);
  });

  it('prefetches at once on the first hover, focus or touch only', () => {
    render(wrap(<Link to="/docs/other/">Other</Link>));
    const link = screen.getByRole('link', { name: 'Other' });
    fireEvent.mouseEnter(link);
    fireEvent.mouseEnter(link);
    fireEvent.touchStart(link);
    fireEvent.focus(link);
    expect(router.prefetch).toHaveBeenCalledTimes(1);
    expect(router.prefetch).toHaveBeenCalledWith('/docs/other/');
  });

  it('prefetches when focused (keyboard readers)', () => {
    render(wrap(<Link to="/docs/other/">Other</Link>));
    fireEvent.focus(screen.getByRole('link', { name: 'Other' }));
    expect(router.prefetch).toHaveBeenCalledWith('/docs/other/');
  });

  it('prefetches on mount without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(wrap(<Link to="/docs/other/">Other</Link>));
    expect(router.prefetch).toHaveBeenCalledWith('/docs/other/', { inView: true });
  });

  it('never prefetches external links or anchors', () => {
    render(
      wrap(
        <>
          <Link href="https://example.org/">Away</Link>
          <Link href="#x">Anchor</Link>
        </>,
      ),
    );
    expect(FakeObserver.instances).toHaveLength(0);
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Away' }));
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Anchor' }));
    expect(router.prefetch).not.toHaveBeenCalled();
  });
});
