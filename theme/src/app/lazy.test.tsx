import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary, PageCrash } from './ErrorBoundary';
import { lazyComponent } from './lazy';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const flush = () => act(async () => {
  await new Promise((r) => setTimeout(r, 0));
});

describe('lazyComponent', () => {
  it('renders the default export once loaded', async () => {
    const Greeting = lazyComponent(async () => ({ default: ({ name }: { name: string }) => <p>Hello {name}</p> }), '/docs/x/');
    render(<Greeting name="reader" />);
    await flush();
    expect(screen.getByText('Hello reader')).toBeInTheDocument();
  });

  it('throws the missing-default-export error into the page boundary', async () => {
    const Broken = lazyComponent(async () => ({}) as { default?: () => null }, '/docs/broken/');
    render(
      <ErrorBoundary fallback={PageCrash}>
        <Broken />
      </ErrorBoundary>,
    );
    await flush();
    expect(screen.getByText('This page crashed.')).toBeInTheDocument();
    expect(
      screen.getByText(
        "The page component at /docs/broken/ doesn't have a default export. This makes it impossible to render anything. Consider default-exporting a React component.",
      ),
    ).toBeInTheDocument();
  });

  it('shows a failed download in the Retry box, and Retry imports again', async () => {
    let fail = true;
    const importer = vi.fn(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: () => <p>Loaded at last</p> };
    });
    const Flaky = lazyComponent(importer, '/docs/flaky/');
    render(<Flaky />);
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('TypeError: Failed to fetch dynamically imported module');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(screen.getByText('Loaded at last')).toBeInTheDocument();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('imports once for many instances, and preload starts it early', async () => {
    const importer = vi.fn(async () => ({ default: () => <span>item</span> }));
    const Item = lazyComponent(importer, '/x/');
    await Item.preload();
    render(
      <>
        <Item />
        <Item />
      </>,
    );
    await flush();
    expect(screen.getAllByText('item')).toHaveLength(2);
    expect(importer).toHaveBeenCalledTimes(1);
  });
});
