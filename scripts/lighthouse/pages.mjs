// One page of each kind the portal has (issue 16): the gate and the recorded
// table run on these. Paths are the embedded portal's.
export const PAGES = [
  { kind: 'home', path: '/' },
  { kind: 'guide', path: '/docs/getting-started/registration/' },
  { kind: 'guide with diagrams', path: '/docs/getting-started/authorization/' },
  { kind: 'tutorial', path: '/docs/tutorials/patient-access/' },
  { kind: 'resource', path: '/docs/api/fhir/general/v1/r4/resources/patient/' },
  // Every resource of an API on one page: the heaviest pages of the site.
  { kind: 'walk-through', path: '/docs/api/fhir/certified/provider/patient-access/resources/' },
  { kind: 'capability statement', path: '/docs/api/fhir/general/v1/r4/resources/capabilitystatement/' },
  { kind: 'extension', path: '/docs/api/fhir/general/v1/r4/extensions/patient-veteran-status/' },
  { kind: 'operation', path: '/docs/api/fhir/general/v1/r4/operations/patient-match/' },
  { kind: 'terms', path: '/terms-of-service/' },
  {
    kind: 'not found',
    path: '/docs/no-such-page/',
    status: 404,
    // A not-found page answers 404 and asks not to be indexed, as it must:
    // these audits fail by design (the console error is the document's own
    // 404, nothing else) and are the only ones allowed to.
    expectedFailing: ['seo/http-status-code', 'seo/is-crawlable', 'best-practices/errors-in-console:own-404'],
  },
];
