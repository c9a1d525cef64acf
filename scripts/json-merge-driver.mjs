#!/usr/bin/env node
// Git merge driver for the JSON catalogs (`.gitattributes`: merge=json-catalog): a three-way merge by
// key instead of by line, so branches that each add keys to the same catalog merge cleanly.
// Usage (git config): node scripts/json-merge-driver.mjs %O %A %B. A key both sides changed to
// different values is a conflict: ours is kept and the driver fails, so git reports it.
import fs from 'node:fs';

const [baseFile, oursFile, theirsFile] = process.argv.slice(2);
const read = (f) => {
  try {
    return JSON.parse(fs.readFileSync(f, 'utf8'));
  } catch {
    return {};
  }
};
const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
let conflicts = 0;

function merge(base, ours, theirs) {
  const out = { ...ours };
  for (const key of new Set([...Object.keys(base), ...Object.keys(theirs)])) {
    const [b, o, t] = [base[key], ours[key], theirs[key]];
    if (same(b, t)) continue; // theirs left it alone
    if (same(b, o) || same(o, t)) {
      if (t === undefined) delete out[key];
      else out[key] = t;
    } else if (isObject(o) && isObject(t)) out[key] = merge(isObject(b) ? b : {}, o, t);
    else conflicts += 1;
  }
  return out;
}
function sorted(node) {
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.keys(node)
      .sort()
      .map((k) => [k, sorted(node[k])]),
  );
}
const result = merge(read(baseFile), read(oursFile), read(theirsFile));
fs.writeFileSync(oursFile, `${JSON.stringify(sorted(result), null, 2)}\n`);
process.exit(conflicts ? 1 : 0);
