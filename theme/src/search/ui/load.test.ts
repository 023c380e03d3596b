import { describe, expect, it, vi } from 'vitest';
import { createSearchLoader, importSearchUI, type SearchUI } from './load';

// The real chunk pulls in the engine; the test only needs to see it imported.
const chunk = vi.hoisted(() => ({ SearchModal: () => null, createSearchEngine: () => ({}) }));
vi.mock('./chunk', () => chunk);

const ui = {} as SearchUI;

describe('createSearchLoader', () => {
  it('imports nothing until asked, then once, sharing the pending import', async () => {
    const importer = vi.fn(() => Promise.resolve(ui));
    const load = createSearchLoader(importer);
    expect(importer).not.toHaveBeenCalled();
    const [a, b] = [load(), load()];
    expect(importer).toHaveBeenCalledTimes(1);
    expect(await a).toBe(ui);
    expect(await b).toBe(ui);
    await load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('imports again after a failure', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(ui);
    const load = createSearchLoader(importer);
    await expect(load()).rejects.toThrow('offline');
    expect(await load()).toBe(ui);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('importSearchUI', () => {
  it('is the dynamic import of the chunk with the modal and the engine', async () => {
    const mod = await importSearchUI();
    expect(mod.SearchModal).toBe(chunk.SearchModal);
    expect(mod.createSearchEngine).toBe(chunk.createSearchEngine);
  });
});
