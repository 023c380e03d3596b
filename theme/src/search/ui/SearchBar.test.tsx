import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NavItem } from '../../contract.gen';
import { Navbar } from '../../shell/navbar/Navbar';
import { fixtureSite, renderWithSite, setWindowWidth, stubMatchMedia } from '../../shell/test-utils';
import { SearchBar } from './SearchBar';
import { SEARCH_OPEN_CLASS } from './SearchModal';
import { fakeEngine, fakeLoader, INDEX_URL, renderSearch } from './testUtils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const button = () => screen.getByRole('button', { name: 'Search' });
const dialog = () => screen.queryByRole('dialog', { name: 'Search' });

function renderBar(loader = fakeLoader()) {
  const result = renderSearch(
    <>
      <a href="/elsewhere/">Elsewhere</a>
      <input aria-label="Other field" />
      <textarea aria-label="Notes" />
      <div contentEditable aria-label="Editor" role="textbox" />
      <SearchBar load={loader.load} />
    </>,
  );
  return { ...result, ...loader, user: userEvent.setup() };
}

describe('SearchBar button', () => {
  it('renders nothing when the site has no search index', () => {
    const { container } = renderSearch(<SearchBar load={fakeLoader().load} />, { site: fixtureSite({ searchIndex: '' }) });
    expect(container).toBeEmptyDOMElement();
  });

  it('is a button named Search with the magnifier, the label and the Ctrl K hint', () => {
    renderBar();
    expect(button()).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button()).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K /');
    expect(button().querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    expect(button()).toHaveTextContent('Search');
    expect(Array.from(button().querySelectorAll('kbd')).map((k) => k.textContent)).toEqual(['Ctrl', 'K']);
  });

  it('shows ⌘ K on Apple platforms', () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    renderBar();
    expect(Array.from(button().querySelectorAll('kbd')).map((k) => k.textContent)).toEqual(['⌘', 'K']);
  });
});

describe('SearchBar lazy loading', () => {
  it('loads the chunk only on first open, and the engine for the site’s index once', async () => {
    const { user, load, createSearchEngine } = renderBar();
    expect(load).not.toHaveBeenCalled();
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search' });
    expect(load).toHaveBeenCalledTimes(1);
    expect(createSearchEngine).toHaveBeenCalledWith(INDEX_URL);
    await user.keyboard('{Escape}');
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Search' });
    expect(createSearchEngine).toHaveBeenCalledTimes(1);
  });

  it('starts loading when the pointer enters or focus reaches the button, without opening', () => {
    const { load } = renderBar();
    fireEvent.pointerEnter(button());
    expect(load).toHaveBeenCalledTimes(1);
    act(() => button().focus());
    expect(load).toHaveBeenCalledTimes(2); // the loader itself imports once (load.test.ts)
    expect(dialog()).toBeNull();
  });

  it('says so with Retry when the chunk cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = fakeLoader();
    const works = loader.load.getMockImplementation()!;
    loader.load.mockImplementation(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const { user } = renderBar(loader);
    await user.click(button());
    const failed = await screen.findByRole('dialog', { name: 'Search' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('Search could not be loaded.');
    expect(within(failed).getByRole('button', { name: 'Retry' })).toHaveFocus();
    loader.load.mockImplementation(works);
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('combobox')).toHaveFocus();
  });
});

describe('SearchBar opening and closing', () => {
  it('opens on click; Escape closes and returns focus to the button', async () => {
    const { user } = renderBar();
    await user.click(button());
    expect(await screen.findByRole('combobox')).toHaveFocus();
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(document.body).toHaveClass(SEARCH_OPEN_CLASS);
    await user.keyboard('{Escape}');
    expect(dialog()).toBeNull();
    expect(document.body).not.toHaveClass(SEARCH_OPEN_CLASS);
    expect(button()).toHaveFocus();
  });

  it.each([
    ['Ctrl+K', '{Control>}k{/Control}'],
    ['Cmd+K', '{Meta>}k{/Meta}'],
    ['/', '/'],
  ])('opens on %s and returns focus to the element that had it', async (_name, keys) => {
    const { user } = renderBar();
    const link = screen.getByRole('link', { name: 'Elsewhere' });
    act(() => link.focus());
    await user.keyboard(keys);
    expect(await screen.findByRole('combobox')).toHaveFocus();
    expect(screen.getByRole('combobox')).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(link).toHaveFocus();
  });

  it('returns focus to the button when nothing had focus', async () => {
    const { user } = renderBar();
    await user.keyboard('/');
    await screen.findByRole('combobox');
    await user.keyboard('{Escape}');
    expect(button()).toHaveFocus();
  });

  it.each([
    ['an input', 'Other field'],
    ['a textarea', 'Notes'],
    ['a contenteditable element', 'Editor'],
  ])('leaves "/" typed in %s alone', async (_name, label) => {
    const { user, load } = renderBar();
    const field = screen.getByLabelText(label);
    act(() => field.focus());
    await user.keyboard('/');
    expect(dialog()).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('opens with Ctrl+K even from a text field, and Ctrl+K again closes', async () => {
    const { user } = renderBar();
    const field = screen.getByLabelText('Other field');
    act(() => field.focus());
    await user.keyboard('{Control>}k{/Control}');
    await screen.findByRole('combobox');
    await user.keyboard('{Control>}k{/Control}');
    expect(dialog()).toBeNull();
    expect(field).toHaveFocus();
  });

  it('leaves Ctrl+Shift+K and other keys to the browser', async () => {
    const { user, load } = renderBar();
    await user.keyboard('{Control>}{Shift>}k{/Shift}{/Control}k');
    expect(load).not.toHaveBeenCalled();
  });

  it('closes on a click on the backdrop', async () => {
    const { user } = renderBar();
    await user.click(button());
    await screen.findByRole('combobox');
    await user.click(document.querySelector('.search-modal')!);
    expect(dialog()).toBeNull();
    expect(button()).toHaveFocus();
  });

  it('choosing a result navigates and closes without pulling focus back to the navbar', async () => {
    const { user, navigate } = renderBar(fakeLoader(fakeEngine()));
    await user.click(button());
    await user.type(await screen.findByRole('combobox'), 'patient');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith('/docs/api/fhir/patient/');
    expect(dialog()).toBeNull();
    expect(button()).not.toHaveFocus();
  });
});

describe('the navbar search slot', () => {
  const searchItem: NavItem = { type: 'search', position: 'right' };

  it('holds the search button when the site has an index', () => {
    stubMatchMedia();
    const site = fixtureSite({ navbar: [searchItem], searchIndex: INDEX_URL });
    renderWithSite(<Navbar />, { site });
    const slot = document.querySelector('.navbar__search')!;
    expect(within(slot as HTMLElement).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('keeps the icon button in the navbar but puts nothing in the mobile menu', () => {
    stubMatchMedia();
    setWindowWidth(375);
    const site = fixtureSite({ navbar: [{ type: 'default', label: 'Docs', to: '/docs/', position: 'left' }, searchItem], searchIndex: INDEX_URL });
    renderWithSite(<Navbar />, { site });
    const buttons = screen.getAllByRole('button', { name: 'Search' });
    expect(buttons).toHaveLength(1);
    expect(buttons[0].closest('.navbar__inner')).not.toBeNull();
    const sidebar = document.getElementById('navbar-sidebar')!;
    expect(sidebar).not.toBeNull();
    expect(sidebar.querySelector('.navbar__search')).toBeNull();
    setWindowWidth(1024);
  });
});
