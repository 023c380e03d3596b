// The site-components runtime: one IIFE the browser loads only on pages
// with a site's own React components (src/site/runtime.ts). It takes React
// from the client bundle (globalThis.__portalReact, which src/site/load.ts sets),
// so that the site's components share the page's React; a lazy chunk of
// the client bundle would instead split React out of the entry (a
// rolldown chunking bug, rolldown/rolldown#10731) and cost every page a
// request.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const shared: Record<string, string> = {
  react: '__portalReact.React',
  'react/jsx-runtime': '__portalReact.jsxRuntime',
  'react-dom': '__portalReact.ReactDOM',
  'react-dom/client': '__portalReact.ReactDOMClient',
};

export default defineConfig({
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'bundle/site',
    emptyOutDir: true,
    target: 'es2020',
    minify: true,
    lib: {
      entry: 'src/site/runtime.ts',
      formats: ['iife'],
      name: 'PortalSiteRuntime',
      fileName: () => 'runtime.js',
    },
    rollupOptions: {
      external: Object.keys(shared),
      output: { globals: shared },
    },
  },
});
