// The Go index builder and this engine must split text into the same terms,
// or queries miss what the index holds. Both sides check the hand-checked
// vectors in internal/search/testdata/tokenize.json (docs/search-index.md).
import { describe, expect, it } from 'vitest';
import { storedTerm, tokenize } from './tokenize';

const GO_VECTORS_PATH = '../../../../internal/search/testdata/tokenize.json';
// Through a constant: Vite rewrites `new URL('literal', import.meta.url)` into a served asset URL.
const GO_VECTORS = new URL(GO_VECTORS_PATH, import.meta.url);

// The theme compiles without Node's types (tsconfig `types: []`), so the two
// functions this test reads files with are typed here.
interface NodeFS {
  existsSync(path: URL): boolean;
  readFileSync(path: URL, encoding: 'utf8'): string;
}
const fs = (await import(/* @vite-ignore */ 'node:fs' as string)) as NodeFS;

interface Vector {
  input: string;
  terms: string[];
}

function readVectors(): Vector[] {
  if (!fs.existsSync(GO_VECTORS)) {
    throw new Error(
      `The shared tokenizer vectors are missing: ${GO_VECTORS.pathname}. ` +
        'The Go side (internal/search) owns that file; without it nothing checks that both tokenizers agree.',
    );
  }
  const vectors = JSON.parse(fs.readFileSync(GO_VECTORS, 'utf8')) as Vector[];
  if (!Array.isArray(vectors) || vectors.length === 0) {
    throw new Error(`${GO_VECTORS.pathname} holds no vectors (expected a list of {"input", "terms"}).`);
  }
  return vectors;
}

describe('tokenizer parity with the Go index builder', () => {
  it('produces the terms of every shared vector', () => {
    const mismatches = readVectors()
      .map(({ input, terms }) => ({ input, expected: terms, actual: tokenize(input).map(storedTerm) }))
      .filter(({ expected, actual }) => JSON.stringify(expected) !== JSON.stringify(actual));
    // Every disagreement at once, each with its input, rather than the first only.
    expect(mismatches).toEqual([]);
  });
});
