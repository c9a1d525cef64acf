#!/usr/bin/env node
// Prints each built chunk's gzip size and the first route's totals (entry + the home screen and
// everything they import statically). Used by `npm run build` and by scripts/chunk-sizes.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = path.join(root, 'dist/web');

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;

const readManifest = () => JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));

/** The JavaScript and CSS files of the given modules (manifest keys) and all they import statically. */
export function staticFiles(keys, manifest = readManifest()) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of keys) visit(key);
  return { js: [...js], css: [...css] };
}

/** Whether a built file holds zod (its schemas keep their internals under `_zod`, which no minifier renames). */
export const holdsZod = (file) => fs.readFileSync(path.join(distDir, file), 'utf8').includes('_zod');

export function firstRouteSizes(screens = ['screens/home/HomeScreen.tsx']) {
  const manifest = readManifest();
  // The page's entry (index.html's script) plus the screen of `/`, and all they import statically.
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const { js, css } = staticFiles([...entries, ...screens], manifest);
  const sum = (files) => [...files].reduce((n, f) => n + gzipSize(f), 0);
  return { js: sum(js), css: sum(css), jsFiles: [...js], cssFiles: [...css] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const assets = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
  const rows = assets.map((f) => [f, gzipSize(`assets/${f}`)]).sort((a, b) => b[1] - a[1]);
  console.log('\nChunk sizes (gzip):');
  for (const [f, n] of rows) console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  const first = firstRouteSizes();
  console.log(
    `\nFirst route (/): JavaScript ${(first.js / 1024).toFixed(1)} KB gzip (budget 120), CSS ${(first.css / 1024).toFixed(1)} KB gzip (budget 20)\n`,
  );
}
