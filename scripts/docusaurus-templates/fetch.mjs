#!/usr/bin/env node
// Fetches Docusaurus's own starter sites from the create-docusaurus npm package (MIT licence), pinned by
// version and tarball sha512, and extracts templates/classic (JavaScript config), templates/classic-typescript
// (TypeScript config) and templates/shared (their docs, blog, pages and static files) into
// .cache/docusaurus-templates/<version>/. internal/docusaurus/templates_test.go builds both sites unchanged.
// The templates are fetched, checked and cached rather than committed: they are another project's files.
//
// Usage: node scripts/docusaurus-templates/fetch.mjs [--out DIR]
// Node 20 built-ins plus `npm` and `tar`; a tarball whose sha512 differs from the pin is refused.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const PACKAGE = 'create-docusaurus';
const VERSION = '3.10.2';
const INTEGRITY = 'sha512-JgJljCp+EUw4MKaGNQMfglGomEUL3SKg417nUBxCih6wkuRM9CGA6eSGx5SX9MLlGCSAhee6h/DEhIcqiumB8w==';
const TEMPLATES = ['classic', 'classic-typescript', 'shared'];

const outArg = process.argv.indexOf('--out');
const outDir = outArg > 0 ? resolve(process.argv[outArg + 1]) : join(repoRoot, '.cache', 'docusaurus-templates', VERSION);
const stamp = join(outDir, '.integrity');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === INTEGRITY) process.exit(0);

const work = mkdtempSync(join(tmpdir(), 'docusaurus-templates-'));
try {
  execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz')));
  const integrity = 'sha512-' + createHash('sha512').update(readFileSync(tarball)).digest('base64');
  if (integrity !== INTEGRITY) throw new Error(`${PACKAGE}@${VERSION}: tarball integrity ${integrity}, pinned ${INTEGRITY}`);
  execFileSync('tar', ['-xzf', tarball, '-C', work, ...TEMPLATES.map((t) => `package/templates/${t}`)]);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(join(work, 'package', 'templates'), outDir);
  writeFileSync(stamp, INTEGRITY);
  console.log(`docusaurus-templates: ${TEMPLATES.join(', ')} from ${PACKAGE}@${VERSION} into ${outDir}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
