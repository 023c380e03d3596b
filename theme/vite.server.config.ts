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
      // Diagrams render in the browser only; keep the library out of the
      // bundle QuickJS loads (the import is never reached on the server).
      external: ['mermaid'],
      output: { inlineDynamicImports: true },
    },
  },
});
