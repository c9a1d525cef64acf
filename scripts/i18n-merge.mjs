#!/usr/bin/env node
// Deep-merges a JSON fragment into one catalog: `node scripts/i18n-merge.mjs <lng> <fragment.json> [namespace]`
// (a namespace such as `admin` or `pages` is the catalog common/locales/<namespace>/<lng>.json).
// Keys of the fragment win; the catalog is written back with sorted keys so diffs stay small.
import fs from 'node:fs';

const [lng, fragmentFile, ns] = process.argv.slice(2);
if (!lng || !fragmentFile) {
  console.error('usage: node scripts/i18n-merge.mjs <lng> <fragment.json> [namespace]');
  process.exit(2);
}
const file = new URL(`../common/locales/${ns ? `${ns}/` : ''}${lng}.json`, import.meta.url);
const catalog = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
const fragment = JSON.parse(fs.readFileSync(fragmentFile, 'utf8'));

function merge(into, from) {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v))
      into[k] = merge(into[k] && typeof into[k] === 'object' ? into[k] : {}, v);
    else into[k] = v;
  }
  return into;
}
function sorted(node) {
  if (!node || typeof node !== 'object' || Array.isArray(node)) return node;
  return Object.fromEntries(
    Object.keys(node)
      .sort()
      .map((k) => [k, sorted(node[k])]),
  );
}
const tmp = `${file.pathname}.${process.pid}.tmp`;
fs.writeFileSync(tmp, `${JSON.stringify(sorted(merge(catalog, fragment)), null, 2)}\n`);
fs.renameSync(tmp, file);
