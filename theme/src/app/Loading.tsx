// The loading states of a page whose data is not there yet (reference 7.1):
// nothing for the first 200 ms (most loads finish sooner), then a spinner;
// on failure the error in a red box with Retry.
import { useEffect, useState } from 'react';

export const LOADING_DELAY_MS = 200;

export function Loading() {
  const [pastDelay, setPastDelay] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setPastDelay(true), LOADING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!pastDelay) return null;
  return (
    <div className="loading" role="status" aria-label="Loading">
      <svg id="loader" width="128" height="110" viewBox="0 0 128 110" stroke="#61dafb" aria-hidden="true">
        <g fill="none" fillRule="evenodd" transform="translate(1 1)" strokeWidth="2">
          <circle cx="63" cy="54" r="30" className="loader-ring loader-ring--1" />
          <circle cx="63" cy="54" r="30" className="loader-ring loader-ring--2" />
          <circle cx="63" cy="54" r="6" fill="#61dafb" className="loader-dot" />
        </g>
      </svg>
    </div>
  );
}

export function LoadFailed({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>{String(error)}</p>
      <button type="button" onClick={retry}>
        Retry
      </button>
    </div>
  );
}
