import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shortName } from '../presenters/manifest';
import { BRAND_COLOUR } from '../services/sites/app-icons';
import { type TestApp, testApp } from '../test/app';
import { root } from '../test/db';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const get = (url: string, host = 'main.test') => t.app.inject({ url, headers: { host } });

type Manifest = {
  name: string;
  short_name: string;
  description?: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

async function manifest(host: string): Promise<Manifest> {
  const res = await get('/manifest.webmanifest', host);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return res.json();
}

describe('GET /manifest.webmanifest', () => {
  test('each site gets its own name, description and language; the app opens standalone at /', async () => {
    const main = await manifest('main.test');
    expect(main).toMatchObject({
      name: 'Main',
      short_name: 'Main',
      description: 'The default test site.',
      lang: 'nl-NL',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
    });
    const first = await manifest('first.test');
    expect(first).toMatchObject({ name: 'First', short_name: 'First', lang: 'de-DE' });
    // No description in the sites file: none in the manifest rather than an empty one.
    expect(first).not.toHaveProperty('description');
    // An alias is the same site.
    expect((await manifest('alias-of-main.test')).name).toBe('Main');
  });

  test('the theme colour is the SPA theme’s primary', async () => {
    const scss = fs.readFileSync(path.join(root, 'web/styles/_theme.scss'), 'utf8');
    const primary = /^\$primary:\s*(#[0-9a-f]{6});/im.exec(scss)?.[1];
    expect(primary?.toLowerCase()).toBe(BRAND_COLOUR);
    expect((await manifest('main.test')).theme_color).toBe(BRAND_COLOUR);
  });

  test('names a 192 and a 512 icon for any use and a 512 maskable one: real PNGs of that size, cached for a year', async () => {
    const { icons } = await manifest('first.test');
    expect(icons.map((i) => `${i.sizes} ${i.purpose} ${i.type}`)).toEqual([
      '192x192 any image/png',
      '512x512 any image/png',
      '512x512 maskable image/png',
    ]);
    for (const icon of icons) {
      const res = await get(icon.src, 'first.test');
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('png');
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    // The "any" icon is the favicon's rounded square (transparent corners); the maskable one is
    // full bleed, brand colour into the corners, for the launcher to cut its own shape.
    const corner = async (src: string) => {
      const { data, info } = await sharp((await get(src, 'first.test')).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, info.channels)];
    };
    expect((await corner(icons[1]?.src as string)).at(3)).toBe(0);
    expect(await corner(icons[2]?.src as string)).toEqual([0xc2, 0x18, 0x5b, 255]);
  });

  test('an icon address of another site’s drawing works on any host; an unknown drawing or file is 404', async () => {
    const { icons } = await manifest('main.test');
    const src = icons[0]?.src as string;
    expect((await get(src, 'first.test')).statusCode).toBe(200);
    const unknown = await get('/icons/000000000000/any-192.png');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    expect((await get(src.replace('any-192.png', 'any-193.png'))).statusCode).toBe(404);
    expect((await get(src.replace('any-192.png', '..%2F..%2Fpackage.json'))).statusCode).toBe(404);
  });

  test('/apple-touch-icon.png is a full-bleed 180 px PNG', async () => {
    const res = await get('/apple-touch-icon.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([180, 180]);
    // Opaque corners: iOS would paint transparent ones black.
    expect(info.channels === 3 || data[3] === 255).toBe(true);
  });
});

describe('shortName', () => {
  test.each([
    ['Amora', 'Amora'],
    ['Velvet Nights', 'Velvet'],
    ['Flirtlicht Deutschland', 'Flirtlicht'],
    ['Superlangername', 'Superlangern'],
  ])('%s → %s', (name, short) => expect(shortName(name)).toBe(short));
});
