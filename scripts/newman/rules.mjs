// What every request a collection sends must satisfy, checked on the request as the stand-in
// received it. Each rule returns the problems it finds, as sentences a reader can act on.

/**
 * requestProblems lists what is wrong with one received request.
 * @param {object} record a request as the stand-in recorded it (method, url, path, query, headers, body, kind)
 * @param {{auth: 'none'|'bearer', accessToken?: string}} expected the auth the API needs
 * @returns {string[]}
 */
export function requestProblems(record, expected) {
  return [
    ...emptyQueryValues(record),
    ...unfilledVariables(record),
    ...acceptProblems(record),
    ...bodyProblems(record),
    ...contentTypeProblems(record),
    ...authProblems(record, expected),
  ];
}

/** emptyQueryValues: a search parameter sent without a value matches nothing a reader meant. */
export function emptyQueryValues(record) {
  return (record.query ?? []).filter(([name, value]) => name === '' || value === '')
    .map(([name]) => (name === '' ? 'the query has a parameter without a name' : `query parameter ${name} has an empty value`));
}

const postmanVariable = /\{\{[^{}]*\}\}|%7B%7B[^]*?%7D%7D/i;

/** unfilledVariables: a {{variable}} Postman could not resolve, or a :variable left in the path. */
export function unfilledVariables(record) {
  const problems = [];
  const url = record.url ?? '';
  const m = url.match(postmanVariable);
  if (m) problems.push(`unfilled variable ${decodeSafe(m[0])} in the URL`);
  for (const segment of (record.path ?? url.split('?')[0]).split('/')) {
    if (/^(:|%3A)[A-Za-z_]/i.test(segment)) problems.push(`unfilled path variable ${decodeSafe(segment)} in the URL`);
  }
  for (const [name, value] of Object.entries(record.headers ?? {})) {
    const h = String(value).match(postmanVariable);
    if (h) problems.push(`unfilled variable ${h[0]} in header ${name}`);
  }
  const b = (record.body ?? '').match(postmanVariable);
  if (b) problems.push(`unfilled variable ${decodeSafe(b[0])} in the body`);
  return problems;
}

/** acceptProblems: FHIR interactions ask for FHIR JSON (FHIR R4 §3.1.0.1.8); OAuth and SMART
 * documents are plain JSON (RFC 6749 §5.1, SMART App Launch 2.x discovery); a published file may be either. */
export function acceptProblems(record) {
  const accepted = mediaTypes(record.headers?.accept);
  const want = {
    fhir: [fhirJSON],
    token: ['application/json'],
    'smart-configuration': ['application/json'],
    document: ['application/json', fhirJSON],
  }[record.kind];
  if (!want || want.some((t) => accepted.includes(t))) return [];
  return [`Accept is ${JSON.stringify(record.headers?.accept ?? '')}, want ${want.join(' or ')}`];
}

const fhirJSON = 'application/fhir+json';

/** bodyProblems: a POST or PUT to a FHIR server carries what it posts or puts: a resource, a
 * transaction or batch Bundle, or an operation's Parameters (FHIR R4 §3.1.0). */
export function bodyProblems(record) {
  if (record.kind !== 'fhir' || !['POST', 'PUT'].includes(record.method) || record.body) return [];
  return [`a ${record.method} without a body`];
}

/** contentTypeProblems: a body says what it is, and is what it says. */
export function contentTypeProblems(record) {
  if (!record.body) return [];
  const [type] = mediaTypes(record.headers?.['content-type']);
  if (record.kind === 'token') {
    return type === 'application/x-www-form-urlencoded' ? [] : [`token request Content-Type is ${JSON.stringify(type ?? '')}, want application/x-www-form-urlencoded`];
  }
  const patch = record.method === 'PATCH' && type === 'application/json-patch+json';
  if (type !== fhirJSON && !patch) return [`Content-Type is ${JSON.stringify(type ?? '')}, want ${fhirJSON}`];
  let body;
  try {
    body = JSON.parse(record.body);
  } catch {
    return ['the body is not JSON'];
  }
  if (patch) return Array.isArray(body) && body.length > 0 ? [] : ['the JSON Patch body is not a non-empty array of operations'];
  return body?.resourceType ? [] : ['the body is JSON but not a FHIR resource (no resourceType)'];
}

/** authProblems: an API that needs a token gets the one the run was issued on every request but the
 * token request, which authenticates with its client assertion alone; a public API gets no credentials. */
export function authProblems(record, expected) {
  const authorization = record.headers?.authorization;
  if (expected.auth === 'none') return authorization ? [`sends Authorization (${scheme(authorization)}) to a public API`] : [];
  if (record.kind === 'token') return authorization ? [`the token request sends Authorization (${scheme(authorization)}) besides its client assertion`] : [];
  if (!authorization) return ['no Authorization header; the API needs a bearer token'];
  if (authorization !== `Bearer ${expected.accessToken}`) return [`Authorization is ${scheme(authorization)} with another credential than the access token issued`];
  return [];
}

function scheme(authorization) {
  return String(authorization).split(' ')[0];
}

function mediaTypes(header) {
  return String(header ?? '').split(',').map((t) => t.split(';')[0].trim().toLowerCase()).filter(Boolean);
}

function decodeSafe(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
