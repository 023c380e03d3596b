// Server bundle: one self-contained IIFE that defines globalThis.portalRender,
// run by the Go engine inside an embedded JavaScript engine (QuickJS).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'bundle/server',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    lib: {
      entry: 'src/entry-server.tsx',
      formats: ['iife'],
      name: 'PortalServer',
      fileName: () => 'render.js',
    },
    rollupOptions: {
      // Diagrams and search run in the browser only; keep the diagram
      // library and the search chunk (src/search/ui/load.ts) out of the
      // bundle QuickJS loads (their imports are never reached on the server).
      external: ['mermaid', /[\\/]search[\\/]ui[\\/]chunk(\.ts)?$/],
      output: { inlineDynamicImports: true },
    },
  },
});
