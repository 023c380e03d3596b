// Each rule on a request that breaks it, and on the same request mended: the check must be able to fail.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { requestProblems } from './rules.mjs';
import { parseQuery } from './standin.mjs';

const token = 'issued-token';
const bearer = { auth: 'bearer', accessToken: token };

/** search is a GET the stand-in recorded, as a FHIR read or search. */
function search(url, headers = {}) {
  const [p, q] = url.split('?');
  return {
    kind: 'fhir', method: 'GET', url, path: p, query: parseQuery(q === undefined ? '' : `?${q}`), body: '',
    headers: { accept: 'application/fhir+json', authorization: `Bearer ${token}`, ...headers },
  };
}

const cases = [
  { name: 'empty search value', broken: search('/r4/Condition?encounter='), mended: search('/r4/Condition?encounter=Encounter/sbx-enc-0101'), want: /encounter has an empty value/ },
  { name: 'search parameter without =', broken: search('/r4/Patient?death-date'), mended: search('/r4/Patient?death-date=2020-01-01'), want: /death-date has an empty value/ },
  { name: 'unfilled path variable', broken: search('/r4/Patient/sbx-pt-0001/_history/:vid'), mended: search('/r4/Patient/sbx-pt-0001/_history/2'), want: /unfilled path variable :vid/ },
  { name: 'unresolved {{variable}} in the URL', broken: search('/r4/Patient/%7B%7BpatientId%7D%7D'), mended: search('/r4/Patient/sbx-pt-0001'), want: /unfilled variable \{\{patientId\}\}/ },
  { name: 'unresolved {{variable}} in a header', broken: search('/r4/metadata', { 'if-none-match': '{{etag}}' }), mended: search('/r4/metadata', { 'if-none-match': 'W/"1"' }), want: /unfilled variable \{\{etag\}\} in header if-none-match/ },
  { name: 'Accept that is not FHIR JSON', broken: search('/r4/metadata', { accept: '*/*' }), mended: search('/r4/metadata'), want: /Accept is "\*\/\*", want application\/fhir\+json/ },
  { name: 'missing bearer token', broken: search('/r4/Patient/x', { authorization: undefined }), mended: search('/r4/Patient/x'), want: /no Authorization header/ },
  { name: 'another bearer token', broken: search('/r4/Patient/x', { authorization: 'Bearer stale' }), mended: search('/r4/Patient/x'), want: /another credential/ },
  {
    name: 'POST without a body',
    broken: { ...search('/r4/Patient/$match'), method: 'POST' },
    mended: { ...search('/r4/Patient/$match', { 'content-type': 'application/fhir+json' }), method: 'POST', body: '{"resourceType":"Parameters"}' },
    want: /a POST without a body/,
  },
  {
    name: 'body that is not a FHIR resource',
    broken: { ...search('/r4/Patient', { 'content-type': 'application/fhir+json' }), method: 'POST', body: '{"name":"x"}' },
    mended: { ...search('/r4/Patient', { 'content-type': 'application/fhir+json' }), method: 'POST', body: '{"resourceType":"Patient"}' },
    want: /not a FHIR resource/,
  },
  {
    name: 'token request with a bearer token',
    broken: { kind: 'token', method: 'POST', url: '/oauth2/token', path: '/oauth2/token', query: [], body: 'grant_type=client_credentials', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` } },
    mended: { kind: 'token', method: 'POST', url: '/oauth2/token', path: '/oauth2/token', query: [], body: 'grant_type=client_credentials', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' } },
    want: /token request sends Authorization/,
  },
];

for (const c of cases) {
  test(c.name, () => {
    const broken = requestProblems(c.broken, bearer);
    assert.ok(broken.some((p) => c.want.test(p)), `want a problem matching ${c.want}, got ${JSON.stringify(broken)}`);
    assert.deepEqual(requestProblems(c.mended, bearer), []);
  });
}

test('a public API gets no credentials', () => {
  const withToken = search('/directory/r4/Practitioner?name=Testclinician');
  assert.match(requestProblems(withToken, { auth: 'none' }).join(), /sends Authorization \(Bearer\) to a public API/);
  assert.deepEqual(requestProblems(search('/directory/r4/Practitioner?name=Testclinician', { authorization: undefined }), { auth: 'none' }), []);
});
