import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixturePage, fixtureSite } from '../../shell/test-utils';
import { RECENT_SEARCHES_KEY } from './recentSearches';
import { SEARCH_OPEN_CLASS, SearchModal } from './SearchModal';
import { deferred, fakeEngine, INDEX_URL, patientHits, renderSearch, type FakeEngine } from './testUtils';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderModal(engine: FakeEngine = fakeEngine(), options: Parameters<typeof renderSearch>[1] = {}) {
  const onClose = vi.fn();
  const result = renderSearch(<SearchModal engine={engine} onClose={onClose} />, options);
  return { ...result, onClose, engine, user: userEvent.setup() };
}

const input = () => screen.getByRole('combobox', { name: 'Search docs' });
const options = () => screen.queryAllByRole('option');
const activeOption = () => document.getElementById(input().getAttribute('aria-activedescendant') ?? '');

async function typeQuery(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(input(), text);
  await screen.findAllByRole('option');
}

describe('SearchModal dialog', () => {
  it('is a modal dialog named Search, focuses its combobox and locks the page behind', () => {
    const { container } = renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).not.toHaveAttribute('aria-controls');
    expect(document.body).toHaveClass(SEARCH_OPEN_CLASS);
    // The rest of the page (here the test's container) is inert while open.
    expect(container).toHaveAttribute('inert');
  });

  it('unlocks the page and removes only the inert it added when it closes', () => {
    const alreadyInert = document.createElement('div');
    alreadyInert.setAttribute('inert', '');
    document.body.append(alreadyInert);
    const { container, unmount } = renderModal();
    unmount();
    expect(document.body).not.toHaveClass(SEARCH_OPEN_CLASS);
    expect(container).not.toHaveAttribute('inert');
    expect(alreadyInert).toHaveAttribute('inert');
    alreadyInert.remove();
  });

  it('closes on Escape and on Cancel, asking for focus to go back', async () => {
    const { user, onClose } = renderModal();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenLastCalledWith(true);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderModal();
    await typeQuery(user, 'patient');
    const clear = screen.getByRole('button', { name: 'Clear the query' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    await user.tab();
    expect(clear).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(input()).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancel).toHaveFocus();
  });

  it('closes without restoring focus when the page changes behind it', () => {
    const { moveTo, onClose } = renderModal();
    moveTo({ pathname: '/docs/other/', search: '', hash: '' });
    expect(onClose).toHaveBeenCalledWith(false);
  });
});

describe('SearchModal results', () => {
  it('shows results as a listbox grouped by page, with the matches marked', async () => {
    const { user, engine } = renderModal();
    await typeQuery(user, 'patient');
    expect(engine.search).toHaveBeenLastCalledWith('patient', { version: 'current' });
    const listbox = screen.getByRole('listbox', { name: 'Search results' });
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby')).map((id) => document.getElementById(id!)?.textContent)).toEqual([
      'Patient',
      'Bulk export',
    ]);
    expect(within(groups[0]).getAllByRole('option')).toHaveLength(3);
    const section = within(groups[0]).getByRole('option', { name: /Search parameters/ });
    expect(section.querySelector('mark')).toHaveTextContent('Patient');
    // Escaped text stays text.
    expect(within(groups[0]).getByRole('option', { name: /Read/ })).toHaveTextContent('Read a Patient & its links');
    expect(screen.getByRole('status')).toHaveTextContent('4 results');
  });

  it('highlights the first option and moves aria-activedescendant with the arrows, wrapping', async () => {
    const { user } = renderModal();
    await typeQuery(user, 'patient');
    const all = options();
    expect(activeOption()).toBe(all[0]);
    expect(all[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toBe(all[1]);
    expect(all[0]).toHaveAttribute('aria-selected', 'false');
    expect(all[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeOption()).toBe(all[0]); // wrapped past the last
    await user.keyboard('{ArrowUp}');
    expect(activeOption()).toBe(all[3]); // and back past the first
    expect(input()).toHaveFocus();
  });

  it('Enter navigates to url#anchor with the router, closes, and remembers the query', async () => {
    const { user, navigate, onClose } = renderModal();
    await typeQuery(user, ' patient ');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onClose).toHaveBeenCalledWith(false);
    expect(navigate).toHaveBeenCalledWith('/docs/api/fhir/patient/#search-parameters');
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['patient']);
  });

  it('a click on a page option goes to the page itself', async () => {
    const { user, navigate } = renderModal();
    await typeQuery(user, 'patient');
    await user.click(screen.getByRole('option', { name: /The Patient resource/ }));
    expect(navigate).toHaveBeenCalledWith('/docs/api/fhir/patient/');
  });

  it('makes every result a real link, outside the Tab order, that the browser opens on a middle or modified click', async () => {
    const { user, navigate, onClose } = renderModal();
    await typeQuery(user, 'patient');
    const option = screen.getByRole('option', { name: /Search parameters/ });
    expect(option.tagName).toBe('A');
    expect(option).toHaveAttribute('href', '/docs/api/fhir/patient/#search-parameters');
    expect(option).toHaveAttribute('tabindex', '-1');
    for (const init of [{ button: 1 }, { ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      const click = new MouseEvent(init.button === 1 ? 'auxclick' : 'click', { bubbles: true, cancelable: true, button: 0, ...init });
      option.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(navigate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['patient']);
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    option.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/docs/api/fhir/patient/#search-parameters');
  });

  it('adds the base URL to result URLs as links do', async () => {
    const site = fixtureSite({ baseUrl: '/portal/', searchIndex: INDEX_URL });
    const { user, navigate } = renderModal(fakeEngine(), { site });
    await typeQuery(user, 'patient');
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/portal/docs/api/fhir/patient/');
  });

  it('Ctrl+Enter opens the result in a new tab and keeps the modal open', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user, navigate, onClose } = renderModal();
    await typeQuery(user, 'patient');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(open).toHaveBeenCalledWith('/docs/api/fhir/patient/', '_blank', 'noopener');
    expect(navigate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('prefetches the page of the option moved to', async () => {
    const { user, prefetch } = renderModal();
    await typeQuery(user, 'patient');
    await user.keyboard('{ArrowUp}');
    expect(prefetch).toHaveBeenLastCalledWith('/docs/bulk-data/#patient-export');
  });

  it('searches in the current page’s docs version, and in none outside the docs', async () => {
    const engine = fakeEngine();
    const { user } = renderModal(engine, { page: fixturePage({ doc: { id: 'introduction', version: '1.0', sidebar: 'docs' } }) });
    await typeQuery(user, 'patient');
    expect(engine.search).toHaveBeenLastCalledWith('patient', { version: '1.0' });
  });

  it('searches the version served at the docs root from outside the docs', async () => {
    const engine = fakeEngine();
    const { user } = renderModal(engine, { page: fixturePage({ path: '/', kind: 'home', doc: undefined }) });
    await typeQuery(user, 'patient');
    expect(engine.search).toHaveBeenLastCalledWith('patient', { version: 'current' });
  });

  it('drops a slower answer to an earlier query', async () => {
    const answers = new Map([
      ['p', deferred<ReturnType<typeof patientHits>>()],
      ['pa', deferred<ReturnType<typeof patientHits>>()],
    ]);
    const engine = fakeEngine((q) => answers.get(q)!.promise);
    const { user } = renderModal(engine);
    await user.type(input(), 'pa');
    expect(engine.search.mock.calls.map((c) => c[0])).toEqual(['p', 'pa']);
    const later = [patientHits()[1]];
    await act(async () => answers.get('pa')!.resolve(later));
    expect(options().map((o) => o.id)).toHaveLength(1);
    await act(async () => answers.get('p')!.resolve(patientHits()));
    expect(options()).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Bulk export' })).toBeInTheDocument();
  });

  it('keeps the previous results while the next query is pending', async () => {
    const next = deferred<ReturnType<typeof patientHits>>();
    const engine = fakeEngine((q) => (q === 'patient' ? Promise.resolve(patientHits()) : next.promise));
    const { user } = renderModal(engine);
    await typeQuery(user, 'patient');
    await user.type(input(), 's');
    expect(options()).toHaveLength(4);
    await act(async () => next.resolve([]));
    expect(options()).toHaveLength(0);
  });

  it('links to the search page for the query when the site has one, and closes on the way', async () => {
    const { user, navigate, onClose } = renderModal(fakeEngine(), { site: fixtureSite({ searchIndex: INDEX_URL, searchPage: '/search' }) });
    await typeQuery(user, 'patient & co');
    const all = screen.getByRole('link', { name: 'See all 2 results' });
    expect(all).toHaveAttribute('href', '/search?q=patient%20%26%20co');
    await user.click(all);
    expect(navigate).toHaveBeenCalledWith('/search?q=patient%20%26%20co');
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('has no search-page link on a site without a search page', async () => {
    const { user } = renderModal();
    await typeQuery(user, 'patient');
    expect(screen.queryByRole('link', { name: /See all/ })).toBeNull();
  });

  it('says so when nothing matches', async () => {
    const { user } = renderModal();
    await user.type(input(), 'zzz');
    expect(await screen.findByRole('status')).toHaveTextContent('No results for “zzz”');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).not.toHaveAttribute('aria-activedescendant');
  });

  it('shows loading the index only after 200 ms', async () => {
    vi.useFakeTimers();
    const answer = deferred<ReturnType<typeof patientHits>>();
    renderModal(fakeEngine(() => answer.promise));
    fireEvent.change(input(), { target: { value: 'p' } });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(199));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the search index…');
    expect(screen.getByRole('dialog')).toHaveAttribute('data-state', 'pending');
    await act(async () => answer.resolve(patientHits()));
    expect(options()).toHaveLength(4);
  });

  it('shows an error with Retry when the index cannot be loaded', async () => {
    let fail = true;
    const engine = fakeEngine(() => (fail ? Promise.reject(new Error('HTTP 404')) : Promise.resolve(patientHits())));
    const { user } = renderModal(engine);
    await user.type(input(), 'patient');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search index could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('option')).toHaveLength(4);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the query with the clear button', async () => {
    const { user } = renderModal();
    await typeQuery(user, 'patient');
    await user.click(screen.getByRole('button', { name: 'Clear the query' }));
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeNull();
  });
});

describe('SearchModal recent searches', () => {
  const store = (list: unknown) => localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));

  it('shows none yet', () => {
    renderModal();
    expect(screen.getByRole('status')).toHaveTextContent('No recent searches');
  });

  it('lists them, most recent first, while the input is empty', async () => {
    store(['bulk export', 'patient']);
    const { user } = renderModal();
    const listbox = screen.getByRole('listbox', { name: 'Recent searches' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['bulk export', 'patient']);
    expect(input()).toHaveAttribute('aria-controls', listbox.id);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()).toHaveTextContent('patient');
    await user.type(input(), 'x');
    expect(screen.queryByRole('listbox', { name: 'Recent searches' })).toBeNull();
  });

  it('Enter on a recent search searches it again', async () => {
    store(['bulk export', 'patient']);
    const { user, engine } = renderModal();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(input()).toHaveValue('patient');
    await screen.findAllByRole('option');
    expect(engine.search).toHaveBeenLastCalledWith('patient', { version: 'current' });
  });

  it('removes one with its button or with Delete', async () => {
    store(['a1', 'b2', 'c3']);
    const { user } = renderModal();
    // The button is for pointers only (aria-hidden, out of the tab order); keyboards use Delete.
    await user.click(screen.getByTitle('Remove “b2” from recent searches'));
    expect(options().map((o) => o.textContent)).toEqual(['a1', 'c3']);
    expect(input()).toHaveFocus();
    await user.keyboard('{Delete}');
    expect(options().map((o) => o.textContent)).toEqual(['c3']);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['c3']);
    await user.keyboard('{Delete}');
    expect(options()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No recent searches');
  });

  it('puts a chosen query first', async () => {
    store(['bulk export', 'patient']);
    const { user } = renderModal();
    await typeQuery(user, 'patient');
    await user.keyboard('{Enter}');
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['patient', 'bulk export']);
  });
});
