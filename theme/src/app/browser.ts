// Full page loads, behind functions so that tests can replace them (jsdom's
// window.location cannot be stubbed).

/** Reloads the current URL (after a failed route preload, reference 7.2). */
export function reloadPage(): void {
  window.location.reload();
}

/** Leaves the client router: a full load of another URL. */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
