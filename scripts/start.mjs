#!/usr/bin/env node
// `npm start`: builds the SPA when it is missing or older than its sources, then runs the server
// in this same process (so signals reach it directly). With WORKERS > 1 the server forks this script
// again for each server process; those skip the build, which their primary has done.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist/web/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => {
  const sources = Math.max(
    newestMtime(path.join(root, 'web')),
    newestMtime(path.join(root, 'common')),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
  );
  return sources > fs.statSync(builtIndex).mtimeMs;
};

if (cluster.isPrimary && (!fs.existsSync(builtIndex) || sourcesChanged())) {
  console.log('Building the web app…');
  // As `npm run build`: the browser's build, the server's build of the landers' first paint, and
  // the compressed copies of the files (without the chunk-size report).
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const steps = [
    [vite, 'build', '--logLevel', 'warn'],
    [vite, 'build', '--config', 'vite.ssr.config.ts', '--logLevel', 'warn'],
    [path.join(root, 'scripts/compress-assets.mjs')],
  ];
  for (const args of steps) {
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

register();
await import('../server/main.ts');
