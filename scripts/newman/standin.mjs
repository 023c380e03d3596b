// The stand-in: a FHIR server, SMART authorization server and document host on loopback that
// records every request it receives and answers plausibly, so newman can run the portal's
// collections without reaching the network.
//
// Addresses: every run (one collection) gets the prefix /<run>/; a URL of the portal's servers,
// https://<name>.example.org/<path>, becomes https://127.0.0.1:<port>/<run>/<name>.example.org/<path>
// (rewriteURL). The same rewrite is applied to the documents the stand-in serves, so addresses a
// script reads from a response (an Endpoint's address, a brand Bundle's URL) lead back here too.
//
// It speaks HTTPS with a self-signed certificate (newman runs with insecure on), because the
// hand-written collections check that the addresses they follow are https URLs. It also listens
// as an HTTP proxy (proxyURL): the check sets HTTP_PROXY and HTTPS_PROXY to it, so a request for
// any other host is recorded here as an escape and never leaves the machine.

import { createHash, verify as verifySignature } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

/** Where the portal's servers publish the two certified documents (portal.yaml fhir.publish and
 * the .well-known/smart-configuration of each API name them), mapped to the published copy in the
 * built site. */
const publishedDocuments = new Map([
  ['/service-base-urls', 'fhir/service-base-urls.json'],
  ['/brands', 'fhir/user-access-brands.json'],
]);

const fhirJSON = 'application/fhir+json';
const portalHost = /^https?:\/\/((?:[a-z0-9-]+\.)+example\.org)(?=[/:?#"]|$)/;
const portalHosts = /https?:\/\/((?:[a-z0-9-]+\.)+example\.org)(?=[/:?#"\\]|$)/g;

/**
 * Starts the stand-in.
 * @param {object} options
 * @param {string} options.siteDir the built site: published documents and CapabilityStatements come from it
 * @param {{key: string, cert: string}} options.tls PEM key and certificate for 127.0.0.1
 * @returns {Promise<StandIn>}
 */
export async function startStandIn({ siteDir, tls }) {
  const standIn = new StandIn(siteDir);
  await standIn.listen(tls);
  return standIn;
}

class StandIn {
  constructor(siteDir) {
    this.siteDir = siteDir;
    /** @type {object[]} every request received, in order */
    this.records = [];
    /** run name → {clientId, publicKey, accessToken} */
    this.runs = new Map();
    this.seenJTIs = new Set();
    this.statements = loadStatements(siteDir);
    this.nextID = 1;
  }

  async listen(tls) {
    this.server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => this.receive(req, res));
    await new Promise((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `https://127.0.0.1:${this.server.address().port}`;
    this.proxy = http.createServer((req, res) => this.receive(req, res, { escaped: true }));
    // HTTPS through a proxy starts with CONNECT; the tunnel is handed to the TLS server, which
    // records the request it carries as an escape (its Host is not the stand-in).
    this.proxy.on('connect', (req, socket, head) => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) socket.unshift(head);
      this.server.emit('connection', socket);
    });
    await new Promise((resolve) => this.proxy.listen(0, '127.0.0.1', resolve));
    this.proxyURL = `http://127.0.0.1:${this.proxy.address().port}`;
  }

  close() {
    this.server.closeAllConnections?.();
    this.proxy.closeAllConnections?.();
    return Promise.all([
      new Promise((resolve) => this.server.close(resolve)),
      new Promise((resolve) => this.proxy.close(resolve)),
    ]);
  }

  /** Registers a run: the client whose assertions its token endpoint accepts and the token it issues. */
  addRun(name, { clientId, publicKey, accessToken }) {
    this.runs.set(name, { clientId, publicKey, accessToken });
  }

  /** rewriteURL points a URL of the portal's servers at the stand-in, for a run. */
  rewriteURL(url, run) {
    return url.replace(portalHost, (_, host) => `${this.origin}/${run}/${host}`);
  }

  rewriteDocument(text, run) {
    return text.replace(portalHosts, (_, host) => `${this.origin}/${run}/${host}`);
  }

  receive(req, res, { escaped = false } = {}) {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const record = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        escaped: escaped || req.headers.host !== new URL(this.origin).host,
        problems: [],
      };
      this.records.push(record);
      const reply = record.escaped ? escapeReply(record) : this.answer(record);
      record.kind = reply.kind;
      record.status = reply.status;
      res.writeHead(reply.status, reply.headers ?? {});
      res.end(reply.body ?? '');
    });
  }

  /** answer works out what a request is and gives the reply a real server would. */
  answer(record) {
    const url = new URL(record.url, this.origin);
    const [run, host, ...rest] = url.pathname.split('/').slice(1);
    Object.assign(record, { run, host, path: '/' + rest.join('/'), query: parseQuery(url.search) });
    const base = `${this.origin}/${run}/${host}`;
    const p = record.path;
    if (record.method === 'POST' && p.endsWith('/oauth2/token')) {
      return this.token(record, `${base}${p}`);
    }
    if (record.method === 'GET' && p.endsWith('/.well-known/smart-configuration')) {
      return this.smartConfiguration(run, host, `${base}${p.slice(0, -'/.well-known/smart-configuration'.length)}`);
    }
    if (record.method === 'GET' && publishedDocuments.has(p)) {
      return this.document(record, publishedDocuments.get(p), run, fhirJSON);
    }
    if (record.method === 'GET' && p.endsWith('.json') && this.isSiteFile(p)) {
      return this.document(record, p.slice(1), run, 'application/json');
    }
    return this.fhir(record, base);
  }

  isSiteFile(p) {
    const file = path.join(this.siteDir, path.normalize(p));
    return file.startsWith(this.siteDir) && existsSync(file) && statSync(file).isFile();
  }

  /** document serves a file of the built site with an ETag, answering 304 to a matching If-None-Match. */
  document(record, file, run, contentType) {
    const body = this.rewriteDocument(readFileSync(path.join(this.siteDir, file), 'utf8'), run);
    const etag = `W/"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (record.headers['if-none-match'] === etag) {
      return { kind: 'document', status: 304, headers: { ETag: etag } };
    }
    return { kind: 'document', status: 200, headers: { 'Content-Type': contentType, ETag: etag }, body };
  }

  /** smartConfiguration is the SMART discovery document of the FHIR server at base, pointing at the
   * stand-in's endpoints and naming the brand whose portal lists this server (SMART 2.x, User-access Brands). */
  smartConfiguration(run, host, base) {
    const auth = `${this.origin}/${run}/auth.sandbox.example.org/oauth2`;
    const config = {
      issuer: `${this.origin}/${run}/auth.sandbox.example.org`,
      authorization_endpoint: `${auth}/authorize`,
      token_endpoint: `${auth}/token`,
      grant_types_supported: ['authorization_code', 'client_credentials'],
      token_endpoint_auth_methods_supported: ['private_key_jwt', 'client_secret_basic'],
      token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
      code_challenge_methods_supported: ['S256'],
      capabilities: ['launch-standalone', 'client-public', 'client-confidential-asymmetric', 'permission-v2'],
      user_access_brand_bundle: `${this.origin}/${run}/${host}/brands`,
    };
    const brand = this.brandOf(run, base);
    if (brand) config.user_access_brand_identifier = brand;
    return { kind: 'smart-configuration', status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(config) };
  }

  /** brandOf is the identifier of the brand whose portal's endpoint is base, from the published brands Bundle. */
  brandOf(run, base) {
    const bundle = JSON.parse(this.rewriteDocument(readFileSync(path.join(this.siteDir, publishedDocuments.get('/brands')), 'utf8'), run));
    const resources = (bundle.entry ?? []).map((e) => ({ fullUrl: e.fullUrl, r: e.resource })).filter((e) => e.r);
    const endpoint = resources.find((e) => e.r.resourceType === 'Endpoint' && e.r.address?.replace(/\/$/, '') === base.replace(/\/$/, ''));
    if (!endpoint) return undefined;
    const refs = new Set([endpoint.fullUrl, `Endpoint/${endpoint.r.id}`]);
    const portalsOf = (org) => (org.extension ?? []).filter((x) => x.url === 'http://hl7.org/fhir/StructureDefinition/organization-portal');
    const org = resources.find((e) => e.r.resourceType === 'Organization' &&
      portalsOf(e.r).some((p) => (p.extension ?? []).some((x) => x.url === 'portalEndpoint' && refs.has(x.valueReference?.reference))));
    return org?.r.identifier?.[0];
  }

  /** token is the token endpoint: the client credentials grant with a private_key_jwt client
   * assertion (RFC 6749 §4.4, RFC 7523, SMART Backend Services), checked as a real server would. */
  token(record, tokenURL) {
    const form = new URLSearchParams(record.body);
    const run = this.runs.get(record.run);
    const problem = run ? assertionProblem(form, tokenURL, run, this.seenJTIs) : `no client is registered for run ${record.run}`;
    if (problem) {
      record.problems.push(`token request refused: ${problem}`);
      return oauthError('invalid_client', problem);
    }
    const body = { access_token: run.accessToken, token_type: 'Bearer', expires_in: 300, scope: form.get('scope') };
    return { kind: 'token', status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }, body: JSON.stringify(body) };
  }

  /** fhir answers a FHIR RESTful request (FHIR R4 §3.1.0): the path after the server's base starts
   * at a resource type, metadata, _history or an $operation. */
  fhir(record, origin) {
    const segments = record.path.split('/').slice(1);
    const start = segments.findIndex((s) => /^[A-Z]/.test(s) || s === 'metadata' || s === '_history' || s.startsWith('$'));
    const basePath = '/' + (start < 0 ? segments : segments.slice(0, start)).join('/');
    const base = origin + basePath.replace(/\/$/, '');
    const rest = start < 0 ? [] : segments.slice(start);
    const op = rest.find((s) => s.startsWith('$'));
    const method = record.method;
    const last = rest.at(-1);
    const selfURL = origin + record.path + (record.url.includes('?') ? record.url.slice(record.url.indexOf('?')) : '');
    if (op) return this.operation(record, base, op);
    if (rest.length === 0 && method === 'POST') return bundleResponse(record);
    if (rest.length === 0 && method === 'GET' && record.query.length) return fhirReply(200, searchset(selfURL));
    if (rest.length === 1 && last === 'metadata' && method === 'GET') return fhirReply(200, this.statement(record.run, basePath, base));
    if (last === '_history' && method === 'GET') return fhirReply(200, { resourceType: 'Bundle', type: 'history', total: 0, link: [{ relation: 'self', url: selfURL }] });
    const [type, id, history, vid] = rest;
    if (!/^[A-Z][A-Za-z]+$/.test(type ?? '')) return unknown(record);
    if (rest.length === 1 && method === 'GET') return fhirReply(200, searchset(selfURL));
    if (rest.length === 1 && method === 'POST') {
      const created = { ...parseJSON(record.body), id: `standin-${this.nextID++}` };
      return fhirReply(201, created, { Location: `${base}/${type}/${created.id}/_history/1` });
    }
    if (rest.length === 2 && method === 'GET') return fhirReply(200, { resourceType: type, id, meta: { versionId: '1' } });
    if (rest.length === 2 && method === 'PUT') return fhirReply(200, parseJSON(record.body) ?? { resourceType: type, id });
    if (rest.length === 2 && method === 'PATCH') return fhirReply(200, { resourceType: type, id, meta: { versionId: '2' } });
    if (rest.length === 2 && method === 'DELETE') return { kind: 'fhir', status: 204 };
    if (rest.length === 4 && history === '_history' && method === 'GET') return fhirReply(200, { resourceType: type, id, meta: { versionId: vid } });
    return unknown(record);
  }

  /** operation answers an $operation: an asynchronous kick-off (Prefer: respond-async) gets 202 and a
   * status URL (Bulk Data, FHIR asynchronous request pattern), anything else a Parameters result. */
  operation(record, base, op) {
    if (/respond-async/.test(record.headers.prefer ?? '')) {
      return { kind: 'fhir', status: 202, headers: { 'Content-Location': `${base}/bulkstatus/${this.nextID++}` } };
    }
    return fhirReply(200, { resourceType: 'Parameters', parameter: [{ name: 'operation', valueString: op }] });
  }

  /** statement is the CapabilityStatement the portal publishes for the server at basePath (matched
   * by path, since sandbox and production differ only in host), with implementation.url saying
   * where it was read; a minimal one for a server the portal does not describe. */
  statement(run, basePath, base) {
    const known = this.statements.get(basePath.replace(/\/$/, ''));
    const cs = known ? JSON.parse(this.rewriteDocument(known, run)) : {
      resourceType: 'CapabilityStatement', status: 'active', date: '2025-01-01', kind: 'instance', fhirVersion: '4.0.1',
      format: ['json'], rest: [{ mode: 'server' }],
    };
    cs.implementation = { ...(cs.implementation ?? { description: 'stand-in' }), url: base };
    return cs;
  }
}

/** loadStatements maps each published CapabilityStatement's implementation URL path to its text. */
function loadStatements(siteDir) {
  const statements = new Map();
  const dir = path.join(siteDir, 'downloads', 'fhir');
  if (!existsSync(dir)) return statements;
  for (const api of readdirSync(dir).sort()) {
    const file = path.join(dir, api, 'capabilitystatement.json');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const url = JSON.parse(text).implementation?.url;
    if (url) statements.set(new URL(url).pathname.replace(/\/$/, ''), text);
  }
  return statements;
}

/** parseQuery keeps every parameter as sent, empty ones included: [name, value, hadEquals]. */
export function parseQuery(search) {
  if (!search || search === '?') return [];
  return search.slice(1).split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    return [safeDecode(name), safeDecode(value), eq >= 0];
  });
}

function safeDecode(s) {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** assertionProblem checks a client credentials token request with a JWT client assertion the way
 * SMART Backend Services says a server must (SMART App Launch 2.x, backend services, §Authorize),
 * "" when it passes. */
function assertionProblem(form, tokenURL, run, seenJTIs) {
  if (form.get('grant_type') !== 'client_credentials') return `grant_type is ${JSON.stringify(form.get('grant_type'))}, want client_credentials`;
  if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer') {
    return `client_assertion_type is ${JSON.stringify(form.get('client_assertion_type'))}, want urn:ietf:params:oauth:client-assertion-type:jwt-bearer`;
  }
  if (!form.get('scope')) return 'scope is missing';
  const jwt = form.get('client_assertion') ?? '';
  const parts = jwt.split('.');
  if (parts.length !== 3) return 'client_assertion is not a JWT';
  const [header, claims] = parts.slice(0, 2).map((p) => parseJSON(Buffer.from(p, 'base64url').toString('utf8')));
  if (!header || !claims) return 'client_assertion header or claims are not JSON';
  if (header.alg !== 'RS384') return `client_assertion alg is ${header.alg}, want RS384`;
  if (!verifySignature('sha384', Buffer.from(`${parts[0]}.${parts[1]}`), run.publicKey, Buffer.from(parts[2], 'base64url'))) {
    return 'client_assertion signature does not verify with the registered key';
  }
  if (claims.iss !== run.clientId || claims.sub !== run.clientId) return `iss and sub must be the client id ${run.clientId}`;
  if (claims.aud !== tokenURL) return `aud is ${claims.aud}, want the token URL ${tokenURL}`;
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 300)) return 'exp must be in the next 5 minutes';
  if (!claims.jti || seenJTIs.has(claims.jti)) return 'jti is missing or was used before';
  seenJTIs.add(claims.jti);
  return '';
}

function oauthError(error, description) {
  return { kind: 'token', status: 400, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ error, error_description: description }) };
}

function fhirReply(status, resource, headers = {}) {
  return { kind: 'fhir', status, headers: { 'Content-Type': fhirJSON, ...headers }, body: JSON.stringify(resource) };
}

function searchset(selfURL) {
  return { resourceType: 'Bundle', type: 'searchset', total: 0, link: [{ relation: 'self', url: selfURL }] };
}

/** bundleResponse answers a transaction or batch with one response entry per request entry. */
function bundleResponse(record) {
  const bundle = parseJSON(record.body);
  if (!bundle || bundle.resourceType !== 'Bundle' || !['transaction', 'batch'].includes(bundle.type)) {
    return { ...fhirReply(400, outcome('error', 'invalid', 'POST to the base takes a transaction or batch Bundle')), kind: 'fhir' };
  }
  const entry = (bundle.entry ?? []).map(() => ({ response: { status: '200 OK' } }));
  return fhirReply(200, { resourceType: 'Bundle', type: `${bundle.type}-response`, entry });
}

function unknown(record) {
  record.problems.push(`the stand-in does not recognise ${record.method} ${record.path}`);
  return { ...fhirReply(404, outcome('error', 'not-supported', `unknown request ${record.method} ${record.path}`)), kind: 'unknown' };
}

function escapeReply(record) {
  record.problems.push(`left loopback: ${record.method} ${record.headers.host ?? ''}${record.url} was addressed to the network`);
  return { kind: 'escape', status: 502, headers: { 'Content-Type': 'text/plain' }, body: 'The postman check never lets requests leave this machine.' };
}

function outcome(severity, code, diagnostics) {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}

function parseJSON(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
