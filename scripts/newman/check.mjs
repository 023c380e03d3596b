// postman-check: runs every Postman collection of a built portal with newman against the stand-in
// on loopback, and checks every request the stand-in receives (rules.mjs) and every script newman
// runs. Prints one line per collection, each problem, and
//   postman: N requests, P passed, F failed
// Exits 1 when a request failed or no collection was found.
//
// Usage: node check.mjs <built site dir>
// The collections are <dir>/downloads/fhir/<api>/<api>.postman_collection.json (generated from
// each API's CapabilityStatement, which sits next to it) and <dir>/downloads/postman/*.postman_collection.json
// (hand-written, about public documents).

import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { requestProblems } from './rules.mjs';
import { startStandIn } from './standin.mjs';

const newman = createRequire(import.meta.url)('newman');

const clientId = 'postman-check';
/** How many problems to print per collection before summarising the rest. */
const shownProblems = 25;

async function main() {
  const siteDir = path.resolve(process.argv[2] ?? '');
  if (!process.argv[2] || !existsSync(path.join(siteDir, 'downloads'))) {
    console.error(`usage: node check.mjs <built site dir>; ${siteDir}/downloads does not exist (build the site first: bin/portal build --out DIR)`);
    process.exit(2);
  }
  const collections = findCollections(siteDir);
  if (collections.length === 0) {
    console.error(`postman: no collections under ${siteDir}/downloads`);
    process.exit(1);
  }
  const tls = selfSignedCertificate();
  const standIn = await startStandIn({ siteDir, tls });
  // Anything not addressed to the stand-in goes to its proxy port and is recorded as an escape.
  process.env.HTTP_PROXY = process.env.HTTPS_PROXY = process.env.http_proxy = process.env.https_proxy = standIn.proxyURL;
  process.env.NO_PROXY = process.env.no_proxy = '127.0.0.1';
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let total = 0;
  let failed = 0;
  const counts = {};
  try {
    for (const c of collections) {
      const result = await runCollection(c, standIn, keys);
      total += result.requests;
      failed += result.failed;
      for (const [k, n] of Object.entries(result.counts)) counts[k] = (counts[k] ?? 0) + n;
      const kinds = Object.entries(result.counts).filter(([, n]) => n > 0).map(([k, n]) => `${n} with ${k}`).join(', ');
      console.log(`${c.name}: ${result.requests} requests, ${result.requests - result.failed} passed, ${result.failed} failed${kinds ? ` (${kinds})` : ''}`);
      for (const line of result.problems.slice(0, shownProblems)) console.log(`  ${line}`);
      if (result.problems.length > shownProblems) console.log(`  … and ${result.problems.length - shownProblems} more`);
    }
  } finally {
    await standIn.close();
  }
  console.log(`postman: ${Object.entries(counts).map(([k, n]) => `${n} requests with ${k}`).join(', ')}`);
  console.log(`postman: ${total} requests, ${total - failed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

/** findCollections lists the generated collections (with the statement they come from) and the hand-written ones. */
function findCollections(siteDir) {
  const out = [];
  const generated = path.join(siteDir, 'downloads', 'fhir');
  if (existsSync(generated)) {
    for (const api of readdirSync(generated).sort()) {
      const file = path.join(generated, api, `${api}.postman_collection.json`);
      if (!existsSync(file)) continue;
      const statement = JSON.parse(readFileSync(path.join(generated, api, 'capabilitystatement.json'), 'utf8'));
      out.push({ name: api, file, auth: needsToken(statement) ? 'bearer' : 'none' });
    }
  }
  const handWritten = path.join(siteDir, 'downloads', 'postman');
  if (existsSync(handWritten)) {
    for (const f of readdirSync(handWritten).sort().filter((f) => f.endsWith('.postman_collection.json'))) {
      // They read public documents: service base URLs, brands, metadata, SMART discovery.
      out.push({ name: f.replace('.postman_collection.json', ''), file: path.join(handWritten, f), auth: 'none' });
    }
  }
  return out;
}

/** needsToken: a statement that declares SMART on FHIR security, or SMART's OAuth endpoints, protects its API. */
function needsToken(statement) {
  return (statement.rest ?? []).some((rest) => {
    const sec = rest.security ?? {};
    const smartService = (sec.service ?? []).some((s) => (s.coding ?? []).some((c) => c.code === 'SMART-on-FHIR'));
    const oauthURIs = (sec.extension ?? []).some((x) => x.url === 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris');
    return smartService || oauthURIs;
  });
}

/** runCollection runs one collection with newman, its URL variables pointed at the stand-in and its
 * credentials filled, and checks what arrived. */
async function runCollection(c, standIn, keys) {
  const collection = JSON.parse(readFileSync(c.file, 'utf8'));
  const accessToken = `standin-${c.name}-${randomUUID()}`;
  standIn.addRun(c.name, { clientId, publicKey: keys.publicKey, accessToken });
  const envVar = overrides(collection, c.name, standIn, keys, accessToken);
  const first = standIn.records.length;
  const events = await newmanRun(collection, envVar);
  const records = standIn.records.slice(first);
  return assess(c, records, events, accessToken);
}

/** overrides are the --env-var values of the run: every URL variable rewritten to the stand-in, and
 * what a reader fills in by hand (client id and secret, a client assertion, or a token fetched with
 * Postman's OAuth 2.0 helper, which newman cannot drive). */
function overrides(collection, run, standIn, keys, accessToken) {
  const vars = new Map((collection.variable ?? []).map((v) => [v.key, String(v.value ?? '')]));
  const env = [];
  for (const [key, value] of vars) {
    if (/^https?:\/\//.test(value)) env.push({ key, value: standIn.rewriteURL(value, run) });
  }
  if (vars.has('clientId')) env.push({ key: 'clientId', value: clientId });
  if (vars.has('clientSecret')) env.push({ key: 'clientSecret', value: 'postman-check-secret' });
  if (vars.has('clientAssertion')) {
    const tokenURL = standIn.rewriteURL(vars.get('tokenUrl') ?? '', run);
    env.push({ key: 'clientAssertion', value: clientAssertion(keys.privateKey, tokenURL) });
  } else if (collection.auth?.type === 'oauth2') {
    env.push({ key: 'accessToken', value: accessToken });
  }
  return env;
}

/** clientAssertion is the JWT of RFC 7523 with SMART Backend Services' claims, signed RS384. */
function clientAssertion(privateKey, tokenURL) {
  const enc = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const header = enc({ alg: 'RS384', kid: 'postman-check', typ: 'JWT' });
  const now = Math.floor(Date.now() / 1000);
  const claims = enc({ iss: clientId, sub: clientId, aud: tokenURL, exp: now + 240, jti: randomUUID() });
  const signature = sign('sha384', Buffer.from(`${header}.${claims}`), privateKey).toString('base64url');
  return `${header}.${claims}.${signature}`;
}

/** newmanRun runs the collection and collects, per item, the requests newman sent (by their
 * Postman-Token), request errors, script errors and failed assertions. */
function newmanRun(collection, envVar) {
  return new Promise((resolve, reject) => {
    const items = new Map(); // cursor.ref → {name, id, tokens: [], main, problems: []}
    const item = (o) => {
      const ref = o?.cursor?.ref ?? 'run';
      if (!items.has(ref)) items.set(ref, { name: o?.item?.name ?? '(run)', id: o?.item?.id, tokens: [], main: undefined, problems: [] });
      return items.get(ref);
    };
    const emitter = newman.run({ collection, envVar, insecure: true, reporters: [], timeoutRequest: 10000 }, (err) => {
      if (err) reject(new Error(`newman could not run ${collection.info?.name}: ${err.message}`));
      else resolve([...items.values()]);
    });
    emitter.on('beforeItem', (err, o) => item(o));
    emitter.on('request', (err, o) => {
      const it = item(o);
      const token = o?.request?.headers?.get?.('Postman-Token');
      if (token) it.tokens.push(token);
      if (o?.item?.id === it.id && !it.main) it.main = token ?? null;
      if (err) it.problems.push(`request error: ${err.message}`);
    });
    emitter.on('script', (err, o) => {
      if (err) item(o).problems.push(`${o?.event?.listen ?? ''} script error: ${err.name}: ${err.message}`);
    });
    emitter.on('assertion', (err, o) => {
      if (err) item(o).problems.push(`failed test "${o?.assertion}": ${err.message}`);
    });
    emitter.on('exception', (err, o) => {
      item(o).problems.push(`script exception: ${o?.error?.message ?? err?.message}`);
    });
  });
}

/** assess checks every received request and charges each item's script problems to its own request. */
function assess(c, records, items, accessToken) {
  const expected = { auth: c.auth, accessToken };
  const byToken = new Map(items.flatMap((it) => it.tokens.map((t) => [t, it])));
  const counts = { 'empty query values': 0, 'unfilled variables': 0, 'no body': 0 };
  const problems = [];
  let failed = 0;
  const charged = new Set();
  for (const r of records) {
    const found = [...r.problems, ...requestProblems(r, expected)];
    counts['empty query values'] += found.some((p) => p.includes('has an empty value')) ? 1 : 0;
    counts['unfilled variables'] += found.some((p) => p.startsWith('unfilled')) ? 1 : 0;
    counts['no body'] += found.some((p) => p.endsWith('without a body')) ? 1 : 0;
    const it = byToken.get(r.headers['postman-token']);
    if (it && it.main === r.headers['postman-token']) {
      found.push(...it.problems);
      charged.add(it);
    }
    if (found.length > 0) {
      failed++;
      const who = it ? `${it.name}: ` : '';
      problems.push(`${who}${r.method} ${r.url}: ${found.join('; ')}`);
    }
  }
  // An item whose request never arrived (or whose problems had no request to go with) fails on its own.
  let requests = records.length;
  for (const it of items) {
    if (charged.has(it) || it.problems.length === 0) continue;
    requests++;
    failed++;
    problems.push(`${it.name}: ${it.problems.join('; ')}`);
  }
  return { requests, failed, counts, problems };
}

/** selfSignedCertificate makes a throwaway key and certificate for 127.0.0.1 with openssl. */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'postman-check-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'pipe' });
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } catch (err) {
    throw new Error(`openssl could not make the stand-in's certificate (apt-get install -y openssl): ${err.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
