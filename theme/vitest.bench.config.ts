// The search benchmark (make bench-search): runs the real query engine in
// Node over an index the Go engine built, outside the unit-test run.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['bench/**/*.test.ts'],
    testTimeout: 300_000,
  },
});
