import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assertPageData, DataLoadError, fetchJSON, forgetAll, Routes, seed } from './data';
import { fakeServer, type FakeServer } from './testFixtures';

let server: FakeServer;

beforeEach(() => {
  forgetAll();
  server = fakeServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route resolution', () => {
  it('looks up the decodeURI form of an encoded path too', async () => {
    const routes = new Routes('/routes.json');
    expect((await routes.resolve('/docs/caf%C3%A9'))?.path).toBe('/docs/other/');
    expect(await routes.resolve('/docs/%E0%A4%A/')).toBeNull();
  });

  it('resolves exact paths, and the other forms the engine resolved (stripped .html and index.html, a missing trailing slash)', async () => {
    const routes = new Routes('/routes.json');
    expect((await routes.resolve('/docs/other/'))?.path).toBe('/docs/other/');
    expect((await routes.resolve('/docs/other'))?.path).toBe('/docs/other/');
    expect((await routes.resolve('/docs/other.html'))?.path).toBe('/docs/other/');
    expect((await routes.resolve('/docs/other/index.html'))?.path).toBe('/docs/other/');
    expect((await routes.resolve('/index.html'))?.path).toBe('/');
    expect((await routes.resolve('/'))?.path).toBe('/');
  });

  it('matches exactly: unknown paths, other cases and prefixes resolve to nothing', async () => {
    const routes = new Routes('/routes.json');
    expect(await routes.resolve('/docs/nope/')).toBeNull();
    expect(await routes.resolve('/DOCS/OTHER/')).toBeNull();
    expect(await routes.resolve('/docs/other/more/')).toBeNull();
    expect(await routes.resolve('/docs/othe')).toBeNull();
  });

  it('fetches the route table once for any number of lookups', async () => {
    const routes = new Routes('/routes.json');
    await Promise.all([routes.resolve('/'), routes.resolve('/docs/'), routes.resolve('/nope/')]);
    expect(server.requests.filter((u) => u === '/routes.json')).toHaveLength(1);
  });
});

describe('fetch cache', () => {
  it('fetches each URL once, however often and concurrently it is asked for', async () => {
    const [a, b] = await Promise.all([fetchJSON('/data/pages/docs.json'), fetchJSON('/data/pages/docs.json')]);
    const c = await fetchJSON('/data/pages/docs.json');
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(server.requests).toEqual(['/data/pages/docs.json']);
  });

  it('sends same-origin credentials', async () => {
    await fetchJSON('/data/pages/docs.json');
    expect(fetch).toHaveBeenCalledWith('/data/pages/docs.json', { credentials: 'same-origin' });
  });

  it('forgets a failed load so that the next call fetches again', async () => {
    server.failing.add('/data/pages/docs.json');
    await expect(fetchJSON('/data/pages/docs.json')).rejects.toThrow('Failed to load /data/pages/docs.json: HTTP 500');
    server.failing.delete('/data/pages/docs.json');
    await expect(fetchJSON('/data/pages/docs.json')).resolves.toMatchObject({ kind: 'doc' });
    expect(server.requests).toEqual(['/data/pages/docs.json', '/data/pages/docs.json']);
  });

  it('turns network errors and bad JSON into DataLoadError', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const err = await fetchJSON('/x.json').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataLoadError);
    expect(String(err)).toBe('DataLoadError: Failed to load /x.json: Failed to fetch');
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>', { status: 200 }))));
    await expect(fetchJSON('/y.json')).rejects.toThrow('Failed to load /y.json: the response is not JSON');
  });

  it('never fetches seeded data', async () => {
    seed('/data/pages/docs.json', { kind: 'doc', seeded: true });
    await expect(fetchJSON('/data/pages/docs.json')).resolves.toEqual({ kind: 'doc', seeded: true });
    expect(server.requests).toEqual([]);
  });
});

describe('page data check', () => {
  const message =
    "The page component at /docs/bad/ doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.";

  it('throws the missing-default-export error for data without a kind', () => {
    expect(() => assertPageData({ title: 'x' }, '/docs/bad/')).toThrow(message);
    expect(() => assertPageData(null, '/docs/bad/')).toThrow(message);
    expect(() => assertPageData('text', '/docs/bad/')).toThrow(message);
  });

  it('accepts page data', () => {
    expect(() => assertPageData({ kind: 'doc' }, '/docs/')).not.toThrow();
  });
});
