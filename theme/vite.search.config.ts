// Search host bundle: one self-contained IIFE that defines
// globalThis.portalSearch, run by `portal mcp` inside QuickJS (src/search/host).
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'bundle/search',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    lib: {
      entry: 'src/search/host/entry.ts',
      formats: ['iife'],
      name: 'PortalSearch',
      fileName: () => 'engine.js',
    },
  },
});
