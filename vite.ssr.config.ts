import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import base from './vite.config';

/**
 * The server's build of the SPA (web/entry-server.tsx → dist/ssr/entry-server.js): the same
 * screens for Node, to draw the first paint of landers on the server. Styles and the service worker
 * belong to the browser's build (vite.config.ts); this one takes only its Sass settings, so the
 * screens' stylesheet imports compile (and are dropped).
 */
export default defineConfig({
  root: 'web',
  plugins: [react()],
  css: base.css,
  // The libraries run from node_modules on the server; only the app's code is bundled.
  ssr: { noExternal: [] },
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../dist/ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: false,
    copyPublicDir: false,
  },
});
