import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppCrash, ErrorBoundary, errorMessageChain, PageCrash } from './ErrorBoundary';
import { RouterContext, type RouterValue } from './router';

beforeEach(() => {
  // React and the boundary log caught errors; keep the output readable.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('outer failure', { cause: new Error('inner failure', { cause: new Error('root cause') }) });
  return <p>Recovered page</p>;
}

describe('message chain', () => {
  it('joins the messages of an error and its causes with Cause: lines', () => {
    const e = new Error('a', { cause: new Error('b', { cause: 'c' }) });
    expect(errorMessageChain(e)).toBe('a\n\nCause:\nb\n\nCause:\nc');
    expect(errorMessageChain('plain')).toBe('plain');
  });

  it('stops on cyclic causes', () => {
    const e = new Error('loop') as Error & { cause?: unknown };
    e.cause = e;
    expect(errorMessageChain(e).split('Cause:')).toHaveLength(10);
  });
});

describe('page boundary', () => {
  it('shows "This page crashed.", Try again and the message chain with details', () => {
    shouldThrow = true;
    const { container } = render(
      <ErrorBoundary fallback={PageCrash}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^This page crashed\.$/);
    expect(container.querySelector('main.container.margin-vert--xl .row .col.col--6.col--offset-3 h1.hero__title')).not.toBeNull();
    expect(container.querySelector('button.button.button--primary')).toHaveTextContent('Try again');
    expect(container.querySelector('hr')).not.toBeNull();
    const message = container.querySelector('.error-chain__message')!;
    expect(message.textContent).toBe('outer failure\n\nCause:\ninner failure\n\nCause:\nroot cause');
    expect(screen.getByText('Details')).toBeInTheDocument();
  });

  it('Try again clears the error and renders the children again', () => {
    shouldThrow = true;
    render(
      <ErrorBoundary fallback={PageCrash}>
        <Fragile />
      </ErrorBoundary>,
    );
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Recovered page')).toBeInTheDocument();
    expect(screen.queryByText('This page crashed.')).toBeNull();
  });

  it('Try again shows the crash again when the page still throws', () => {
    shouldThrow = true;
    render(
      <ErrorBoundary fallback={PageCrash}>
        <Fragile />
      </ErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('This page crashed.')).toBeInTheDocument();
  });

  it('clears the crash when the router shows another page', () => {
    shouldThrow = true;
    let go: (path: string) => void = () => {};
    function Harness() {
      const [pathname, setPathname] = useState('/docs/bad/');
      go = setPathname;
      const value = { location: { pathname, search: '', hash: '' } } as RouterValue;
      return (
        <RouterContext.Provider value={value}>
          <ErrorBoundary fallback={PageCrash}>
            <Fragile />
          </ErrorBoundary>
        </RouterContext.Provider>
      );
    }
    render(<Harness />);
    expect(screen.getByText('This page crashed.')).toBeInTheDocument();
    shouldThrow = false;
    act(() => go('/docs/other/'));
    expect(screen.getByText('Recovered page')).toBeInTheDocument();
  });
});

describe('app boundary', () => {
  it('titles the document "Page Error" and shows "This page crashed" without a period', () => {
    document.title = 'Before';
    const tryAgain = vi.fn();
    render(<AppCrash error={new Error('navbar broke')} tryAgain={tryAgain} />);
    expect(document.title).toBe('Page Error');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This page crashed');
    expect(screen.getByText('navbar broke')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(tryAgain).toHaveBeenCalled();
  });
});
