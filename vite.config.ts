import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { type CatalogPart, catalogPart } from './common/locales/parts';

type ViteManifest = Record<
  string,
  { file: string; name?: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] }
>;
type PrecacheEntry = { url: string; revision: string | null; size: number };

/**
 * The files the service worker keeps when it installs (web/sw/offline.ts): the page's entry with
 * everything it imports statically and their styles, and the few lazy parts an offline start
 * needs before any screen (they must already be there). Screens and catalogs are kept as they are
 * used. Read from the build's own manifest, which is written before the worker is built.
 */
function offlineShellFiles(entries: PrecacheEntry[]) {
  const manifest: ViteManifest = JSON.parse(
    fs.readFileSync(new URL('./dist/web/.vite/manifest.json', import.meta.url), 'utf8'),
  );
  const keep = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || keep.has(chunk.file)) return;
    keep.add(chunk.file);
    for (const css of chunk.css ?? []) keep.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  // What an offline start may load lazily, by chunk name: the worker's registration and the offline
  // note, the idle prefetch, the error page that a screen missing from the caches falls back to, and
  // the open menu of the top bar's menus (the language and account menus), the footer's address.
  const lazyParts = new Set([
    'service-worker',
    'OfflineNotice',
    'prefetch',
    'ErrorPage',
    'MenuList',
    'CompanyAddress',
  ]);
  for (const [key, chunk] of Object.entries(manifest))
    if (chunk.isEntry || lazyParts.has(chunk.name ?? '')) visit(key);
  return { manifest: entries.filter((entry) => keep.has(entry.url)), warnings: [] };
}

/**
 * The two parts of a language's catalog (common/locales/parts.ts), cut from its one file:
 * `common/locales/<lng>.json?part=<part>&url` (web/i18n.ts) is the address of that part, a
 * minified JSON file of its own in the build, listed in the manifest as
 * `../common/locales/<part>/<lng>.json` (server/infra/ssr/route-preloads.ts preloads it). The dev
 * server serves the parts from the source files as they are saved.
 */
function catalogParts(): Plugin {
  const request = /[\\/]common[\\/]locales[\\/](\w+)\.json\?part=(translation|screens)&url$/;
  const read = (file: string, part: CatalogPart) =>
    JSON.stringify(catalogPart(JSON.parse(fs.readFileSync(file, 'utf8')), part));
  const emitted = new Map<string, string>();
  let dev = false;
  return {
    name: 'catalog-parts',
    enforce: 'pre',
    configResolved(config) {
      dev = config.command === 'serve';
    },
    load(id) {
      const match = id.match(request);
      if (!match) return;
      const [, lng, part] = match as unknown as [string, string, CatalogPart];
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      if (dev) return `export default ${JSON.stringify(`/@catalog-part/${part}/${lng}.json`)};`;
      const ref = this.emitFile({ type: 'asset', name: `${lng}-${part}.json`, source: read(file, part) });
      emitted.set(`../common/locales/${part}/${lng}.json`, ref);
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
    // Vite's manifest lists only the assets that modules import; the parts are added to it here.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        const manifest = bundle['.vite/manifest.json'];
        if (manifest?.type !== 'asset') return;
        const entries = JSON.parse(String(manifest.source)) as ViteManifest;
        for (const [key, ref] of emitted) entries[key] = { file: this.getFileName(ref), src: key };
        manifest.source = JSON.stringify(entries, null, 2);
      },
    },
    configureServer(server) {
      server.middlewares.use('/@catalog-part/', (req, res, next) => {
        const match = req.url?.match(/^\/(translation|screens)\/(\w+)\.json$/);
        const file = match && new URL(`./common/locales/${match[2]}.json`, import.meta.url);
        if (!match || !file || !fs.existsSync(file)) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(read(file.pathname, match[1] as CatalogPart));
      });
    },
  };
}

const apiServer = `http://localhost:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  resolve: {
    // react-i18next asks for the pre-React-18 shim of useSyncExternalStore, whose fallback code
    // (0.4 KB gzip on every page) React 19 never runs: React's own hook, by the same name, instead.
    alias: [{ find: /^use-sync-external-store\/shim$/, replacement: 'react' }],
  },
  plugins: [
    react(),
    catalogParts(),
    // The service worker (web/sw/): built on its own into dist/web/sw.js as a classic script (no
    // chunks shared with the page), with the offline shell's file list written in, and type-checked
    // by its own web/sw/tsconfig.json. No worker in `vite` dev mode (devOptions off), and no
    // manifest or registration script from the plugin: the server serves the manifest per site, and
    // the page registers the worker itself (web/state/service-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['assets/*.{js,css}'],
        manifestTransforms: [offlineShellFiles],
      },
    }),
  ],
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
    // Catalogs are fetched by URL (web/i18n.ts); a small one inlined as a data: URL would be
    // refused by the page's connect-src (the console's `admin` catalogs are a few KB).
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    // A lazy screen's JavaScript is not listed for preloading (only its CSS, which must be): the
    // list sat in the entry chunk and cost the first route ~0.9 KB gzip. The screens a member is
    // likely to open next are prefetched after the page has loaded instead (web/state/prefetch.ts). The page
    // itself (index.html) keeps its list: without it the entry's own imports (React and the rest of
    // the framework chunk) were fetched only once the entry had arrived, a round trip later.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css')),
    },
    rolldownOptions: {
      output: {
        // The libraries every screen runs on travel as one file: one gzip stream compresses them
        // better than the small shared chunks the splitter would otherwise cut them into.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // TanStack Query only: the list virtualiser (@tanstack/react-virtual) is for the chat screen's own chunk.
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack[\\/](?:query-core|react-query))[\\/]/,
            },
            {
              // The app's own modules that every page runs (the shell, its state and rules) as one
              // file too, rather than the handful of small shared chunks the splitter cut them into.
              name: 'app',
              tags: ['$initial'],
              test: /[\\/](web|common)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    // The API server `npx vite` talks to: API_PORT, or the default port of `npm run dev`.
    proxy: {
      // `ws`: the member socket (/api/ws) goes through too; the Host stays the page's, as the
      // socket's same-origin check wants.
      // Not the app's own modules under web/api/ (`/api/user.ts`), which the dev server serves itself.
      '^/api/(?!.*\\.tsx?(\\?|$))': { target: apiServer, ws: true },
      '/media': apiServer,
      '/hero': apiServer,
    },
  },
});
