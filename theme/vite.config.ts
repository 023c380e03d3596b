// Client bundle: hashed files under bundle/client, a manifest the Go engine
// reads to find the entry and its CSS, lazy chunks for rarely used parts.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // Relative base: the engine serves the bundle under the site's own base
  // URL (assets/theme/), which Vite cannot know at build time.
  base: './',
  build: {
    outDir: 'bundle/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    assetsDir: '',
    rollupOptions: {
      input: 'src/entry-client.tsx',
    },
  },
});
