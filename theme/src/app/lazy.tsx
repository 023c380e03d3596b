// Lazily imported components (reference 7.1): the module loads on first
// render; nothing shows for 200 ms, then the spinner; a failed download shows
// the error in the red box with Retry; a module without a default export
// throws "doesn't have a default export", which the page's error boundary
// shows. The server render and the first client render both show the
// pending state, so hydration matches.
import { createElement, useCallback, useEffect, useState, type ComponentType } from 'react';
import { MissingDefaultExportError } from './data';
import { LoadFailed, Loading } from './Loading';

type Module<P> = { default?: ComponentType<P> } | null | undefined;

export type LazyComponent<P> = ComponentType<P> & {
  /** Starts the import ahead of the first render; resolves to the component. */
  preload: () => Promise<ComponentType<P>>;
};

function isComponent(value: unknown): value is ComponentType<never> {
  // Function components and classes are functions; memo/forwardRef results are objects with $$typeof.
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

export function lazyComponent<P extends object>(importer: () => Promise<Module<P>>, routePath: string): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;

  const preload = (): Promise<ComponentType<P>> => {
    if (loaded) return Promise.resolve(loaded);
    if (!pending) {
      pending = importer().then(
        (mod) => {
          const component = mod?.default;
          if (!isComponent(component)) throw new MissingDefaultExportError(routePath);
          loaded = component as ComponentType<P>;
          return loaded;
        },
        (err: unknown) => {
          pending = null; // a failed download may be retried
          throw err;
        },
      );
    }
    return pending;
  };

  type Status = { component: ComponentType<P> } | { failed: Error; fatal: boolean } | null;

  function Lazy(props: P) {
    // Always pending on the first render, so the client's first render
    // equals the server's, which cannot wait for imports.
    const [status, setStatus] = useState<Status>(null);
    const [attempt, setAttempt] = useState(0);

    useEffect(() => {
      let live = true;
      preload().then(
        (component) => live && setStatus({ component }),
        (err: unknown) => {
          if (!live) return;
          const error = err instanceof Error ? err : new Error(String(err));
          setStatus({ failed: error, fatal: error instanceof MissingDefaultExportError });
        },
      );
      return () => {
        live = false;
      };
    }, [attempt]);

    const retry = useCallback(() => {
      setStatus(null);
      setAttempt((n) => n + 1);
    }, []);

    if (status === null) return <Loading />;
    if ('failed' in status) {
      // A module that loaded but cannot render is a crash, not a load failure.
      if (status.fatal) throw status.failed;
      return <LoadFailed error={status.failed} retry={retry} />;
    }
    return createElement(status.component, props);
  }

  Lazy.displayName = `Lazy(${routePath})`;
  return Object.assign(Lazy, { preload }) as LazyComponent<P>;
}
