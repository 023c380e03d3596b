// URL helpers shared by every link the shell renders (behaviour reference 0.5).

const hasProtocolRe = /^(?:\w*:|\/\/)/;

/** A URL has a protocol when it starts with "scheme:" or "//". */
export function hasProtocol(url: string): boolean {
  return hasProtocolRe.test(url);
}

/** Internal URLs are site paths: defined and without a protocol. */
export function isInternalUrl(url: string | undefined): url is string {
  return typeof url === 'string' && !hasProtocol(url);
}

/**
 * Prefixes a site path with the base URL: unchanged when empty, an anchor,
 * external, or already prefixed.
 */
export function withBaseUrl(baseUrl: string, url: string): string {
  if (url === '' || url.startsWith('#') || hasProtocol(url)) return url;
  if (url === baseUrl.replace(/\/$/, '')) return baseUrl;
  if (url.startsWith(baseUrl)) return url;
  return baseUrl + url.replace(/^\//, '');
}

/** Path comparison for "is this the current page": case- and trailing-slash-insensitive (reference 0.2). */
export function isSamePath(a: string | undefined, b: string | undefined): boolean {
  const norm = (p: string) => (p.endsWith('/') ? p : p + '/').toLowerCase();
  return a !== undefined && b !== undefined && norm(a) === norm(b);
}

/** Splits "/a/b/?q=1#h" into its path, search and hash. */
export function splitUrl(url: string): { pathname: string; search: string; hash: string } {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const rest = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const searchAt = rest.indexOf('?');
  return {
    pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest,
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}
