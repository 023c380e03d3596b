// Error boundaries (reference 7.8). A crash inside the page shows "This page
// crashed." with Try again inside the layout (navbar and footer stay); a
// crash of the shell itself is caught around the whole app and titled "Page
// Error" ("This page crashed", no period). Both show the message chain: each
// error's message and its causes, joined by "Cause:" lines, and the stacks
// under Details. Errors are only caught in the browser; a server-render
// error fails the build.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { RouterContext, type RouterValue } from './router';

export interface FallbackProps {
  error: Error;
  tryAgain: () => void;
}

interface Props {
  fallback: (props: FallbackProps) => ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** The pathname shown when the error was caught; navigating elsewhere clears the error. */
  errorPath: string | null;
}

export class ErrorBoundary extends Component<Props, State> {
  static contextType = RouterContext;
  declare context: RouterValue | null;
  state: State = { error: null, errorPath: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ errorPath: this.context?.location.pathname ?? null });
    console.error('Portal: a page crashed', error, info.componentStack);
  }

  componentDidUpdate() {
    // The boundary lives in the persistent layout: a navigation to another
    // page must show that page, not the previous page's crash.
    const { error, errorPath } = this.state;
    if (error && this.context && errorPath !== null && this.context.location.pathname !== errorPath) {
      this.setState({ error: null, errorPath: null });
    }
  }

  tryAgain = () => this.setState({ error: null, errorPath: null });

  render() {
    const { error } = this.state;
    if (error) return this.props.fallback({ error, tryAgain: this.tryAgain });
    return this.props.children;
  }
}

/** Each error of the cause chain, outermost first (at most 10, in case of a cycle). */
export function errorChain(error: unknown): Error[] {
  const chain: Error[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 10) {
    const e = current instanceof Error ? current : new Error(String(current));
    chain.push(e);
    current = current instanceof Error ? (current as Error & { cause?: unknown }).cause : undefined;
  }
  if (chain.length === 0) chain.push(new Error(String(error)));
  return chain;
}

/** The messages of the chain joined by "\n\nCause:\n", as the site being replaced shows them. */
export function errorMessageChain(error: unknown): string {
  return errorChain(error)
    .map((e) => e.message)
    .join('\n\nCause:\n');
}

export function ErrorMessageChain({ error }: { error: Error }) {
  const chain = errorChain(error);
  return (
    <div className="margin-vert--md error-chain">
      <p className="error-chain__message">{errorMessageChain(error)}</p>
      <details className="error-chain__details">
        <summary>Details</summary>
        <pre>{chain.map((e) => e.stack || `${e.name}: ${e.message}`).join('\n\nCause:\n')}</pre>
      </details>
    </div>
  );
}

/** The in-layout fallback for a crashed page (reference 7.8, inner boundary). */
export function PageCrash({ error, tryAgain }: FallbackProps) {
  return (
    <main className="container margin-vert--xl error-page">
      <div className="row">
        <div className="col col--6 col--offset-3">
          <h1 className="hero__title">This page crashed.</h1>
          <div className="margin-vert--lg">
            <button type="button" className="button button--primary shadow--lw" onClick={tryAgain}>
              Try again
            </button>
          </div>
          <hr />
          <ErrorMessageChain error={error} />
        </div>
      </div>
    </main>
  );
}

/** Sets the document title while an app-level crash is shown. */
function PageErrorTitle() {
  useEffect(() => {
    document.title = 'Page Error';
  }, []);
  return null;
}

/** The app-level crash content: "This page crashed" (no period), Try again, the message chain. */
export function AppCrash({ error, tryAgain }: FallbackProps) {
  return (
    <div className="error-page error-page--app">
      <PageErrorTitle />
      <h1 className="error-page__title">This page crashed</h1>
      <button type="button" className="error-page__retry" onClick={tryAgain}>
        Try again
      </button>
      <ErrorMessageChain error={error} />
    </div>
  );
}
