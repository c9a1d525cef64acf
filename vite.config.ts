import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    // A lazy screen's JavaScript is not listed for preloading (only its CSS, which must be): the
    // list sat in the entry chunk and cost the first route ~0.9 KB gzip. The screens a member is
    // likely to open next are fetched on idle instead (SPEC §9 "page prefetch on idle").
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((d) => d.endsWith('.css')) },
    rolldownOptions: {
      output: {
        // The libraries every screen runs on travel as one file: one gzip stream compresses them
        // better than the small shared chunks the splitter would otherwise cut them into.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // TanStack Query only: the list virtualiser (@tanstack/react-virtual) is for the chat screen's own chunk.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](?:query-core|react-query)|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // `ws`: the member socket (/api/ws) goes through too; the Host stays the page's, as the
      // socket's same-origin check wants.
      '/api': { target: 'http://localhost:8080', ws: true },
      '/media': 'http://localhost:8080',
    },
  },
});
