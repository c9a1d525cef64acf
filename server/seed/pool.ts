import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { GENDERS, type Gender, HAIR_COLOURS } from '../../common/profile-options';
import type { Storage } from '../infra/storage';
import {
  FEMALE_HAIR_STYLES,
  MALE_HAIR_STYLES,
  type PortraitSpec,
  portraitSvg,
  type TopStyle,
} from './portrait';
import { createRng, type Rng } from './rng';

export type HairColour = (typeof HAIR_COLOURS)[number];

/** One rendered image: a premium one keeps its original and thumbnail under `p/` only. */
export type PoolLook = { premium: boolean; originalKey: string; thumbKey: string; blurredKey: string };
/** One illustrated person in several looks, so a member's photos all show the same face. */
export type PoolPerson = { gender: Gender; hair: HairColour; looks: PoolLook[] };
export type Pool = { persons: PoolPerson[] };

/** People per hair colour: `common` for the usual colours, `rare` for red, white and dyed hair. */
export type PoolSize = { common: number; rare: number; publicLooks: number; premiumLooks: number };
export const DEFAULT_POOL_SIZE: PoolSize = { common: 4, rare: 2, publicLooks: 4, premiumLooks: 2 };

function peopleWith(gender: Gender, hair: HairColour, size: PoolSize): number {
  if (hair === 'bald') return gender === 'male' ? size.common : Math.max(1, size.rare - 1);
  return hair === 'red' || hair === 'white' || hair === 'other' ? size.rare : size.common;
}

export const ORIGINAL = { width: 640, height: 800 } as const;
const THUMB = { width: 320, height: 400 } as const;
const BLURRED = { width: 160, height: 200, sigma: 12 } as const;
// Part of the cache key: changing how images are encoded must re-render the pool.
const RENDER_VERSION = 'svg-density/webp-q82-e1/thumb320/blur160s12';

const HAIR_TONES: Record<Exclude<HairColour, 'bald'>, readonly string[]> = {
  black: ['#1d1b1f', '#2b2220', '#141418'],
  brown: ['#5b3a24', '#7a4e2d', '#4a2f1e', '#8b5a3c'],
  blond: ['#e6c27a', '#d9ab5a', '#f0d79a', '#c99a4b'],
  red: ['#b24a25', '#c9602e', '#8e3518'],
  grey: ['#9d9b98', '#8a8a8f', '#b0aeab'],
  white: ['#ece9e2', '#dcd8cf'],
  other: ['#e06aa9', '#5b86e5', '#8e5cd1', '#2fb3a6'],
};
const NATURAL_DARK = [...HAIR_TONES.black, ...HAIR_TONES.brown];
const SKINS = ['#fbe0cc', '#f3c9a8', '#e8b48f', '#d39b72', '#b87d55', '#9a6240', '#7a4a2c', '#5c361f'];
const IRISES = ['#6b4226', '#3b7dd8', '#3f8f5a', '#7c8a99', '#8e6b3a', '#2c2420'];
const DAY_BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#ffd6e0', '#ffb3c6'],
  ['#d4f1f4', '#a8dadc'],
  ['#e9d5ff', '#c4b5fd'],
  ['#fde68a', '#fca5a5'],
  ['#d9f99d', '#86efac'],
  ['#dbeafe', '#93c5fd'],
  ['#fef3c7', '#fdba74'],
  ['#ccfbf1', '#5eead4'],
  ['#fae8ff', '#f0abfc'],
];
// Premium looks are evening scenes, so they read as a different set of photos.
const EVENING_BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#4c1d95', '#db2777'],
  ['#1e3a8a', '#7c3aed'],
  ['#831843', '#f97316'],
  ['#312e81', '#be185d'],
  ['#0f172a', '#9333ea'],
];
const TOP_COLOURS = [
  '#e85d75',
  '#3d5a80',
  '#2a9d8f',
  '#f4a261',
  '#6d597a',
  '#264653',
  '#e76f51',
  '#8ab17d',
  '#1f2937',
  '#4361ee',
  '#f8f9fa',
];
const FEMALE_TOPS: readonly TopStyle[] = ['crew', 'vneck', 'collar', 'hoodie', 'straps', 'turtleneck'];
const MALE_TOPS: readonly TopStyle[] = ['crew', 'vneck', 'collar', 'hoodie', 'turtleneck'];

function hairStyleFor(gender: Gender, hair: HairColour, older: boolean, index: number): string {
  if (hair === 'bald') return 'none';
  const styles: readonly string[] =
    gender === 'female' ? FEMALE_HAIR_STYLES : MALE_HAIR_STYLES.filter((s) => older || s !== 'receding');
  return styles[index % styles.length] as string;
}

export function personSpec(
  gender: Gender,
  hair: HairColour,
  styleIndex: number,
  rng: Rng,
): Omit<PortraitSpec, 'background' | 'bokeh' | 'top' | 'smile'> {
  const older = hair === 'grey' || hair === 'white' || (hair === 'bald' && rng.chance(0.5));
  const male = gender === 'male';
  const hairTone = hair === 'bald' ? null : rng.pick(HAIR_TONES[hair]);
  return {
    gender,
    hairTone,
    naturalTone: hairTone && hair !== 'other' ? hairTone : rng.pick(older ? HAIR_TONES.grey : NATURAL_DARK),
    hairStyle: hairStyleFor(gender, hair, older, styleIndex),
    skin: rng.pick(SKINS),
    iris: rng.pick(IRISES),
    beard: male
      ? rng.weighted([
          ['none', hair === 'bald' ? 2 : 4],
          ['stubble', 3],
          ['full', hair === 'bald' ? 4 : 2],
          ['moustache', 1],
        ] as const)
      : 'none',
    glasses: rng.weighted([
      ['none', older ? 4 : 7],
      ['round', 2],
      ['square', 2],
    ] as const),
    earrings: hair === 'bald' && !male ? true : rng.chance(male ? 0.08 : 0.55),
    lips: !male && rng.chance(0.35) ? rng.pick(['#c0394b', '#a8324a', '#d0596b']) : null,
    older,
  };
}

/** Every portrait of the pool, in a fixed order, from a fixed seed: the same size gives the same images. */
export function poolSpecs(
  size: PoolSize,
): { gender: Gender; hair: HairColour; looks: { premium: boolean; spec: PortraitSpec }[] }[] {
  const rng = createRng(0x5eed);
  const persons = [];
  for (const gender of GENDERS) {
    for (const [h, hair] of HAIR_COLOURS.entries()) {
      for (let k = 0; k < peopleWith(gender, hair, size); k++) {
        // Consecutive people of one hair colour get different hair styles.
        const base = personSpec(gender, hair, h * 3 + k, rng);
        const looks = [];
        for (let j = 0; j < size.publicLooks + size.premiumLooks; j++) {
          const premium = j >= size.publicLooks;
          const bokeh = Array.from(
            { length: 3 },
            () => [rng.int(0, 640), rng.int(0, 420), rng.int(30, 130)] as const,
          );
          const spec: PortraitSpec = {
            ...base,
            background: rng.pick(premium ? EVENING_BACKGROUNDS : DAY_BACKGROUNDS),
            bokeh,
            top: {
              style: rng.pick(gender === 'male' ? MALE_TOPS : FEMALE_TOPS),
              colour: rng.pick(TOP_COLOURS),
            },
            smile: rng.chance(0.6) ? 'open' : 'closed',
          };
          looks.push({ premium, spec });
        }
        persons.push({ gender, hair, looks });
      }
    }
  }
  return persons;
}

const randomKey = (prefix: 'o' | 'b' | 'p') => `${prefix}/${randomBytes(16).toString('hex')}.webp`;

async function renderLook(storage: Storage, premium: boolean, spec: PortraitSpec): Promise<PoolLook> {
  const svg = Buffer.from(portraitSvg(spec));
  // Each size is rasterised from the vector at its own density (72 dpi = 640 px wide), which is
  // sharper and faster than scaling one large bitmap down.
  const [original, thumb, blurred] = await Promise.all([
    sharp(svg).webp({ quality: 82, effort: 1 }).toBuffer(),
    sharp(svg, { density: (72 * THUMB.width) / ORIGINAL.width })
      .webp({ quality: 80, effort: 1 })
      .toBuffer(),
    sharp(svg, { density: (72 * BLURRED.width) / ORIGINAL.width })
      .blur(BLURRED.sigma)
      .webp({ quality: 60, effort: 1 })
      .toBuffer(),
  ]);
  const look: PoolLook = {
    premium,
    originalKey: randomKey(premium ? 'p' : 'o'),
    thumbKey: randomKey(premium ? 'p' : 'o'),
    blurredKey: randomKey('b'),
  };
  await Promise.all([
    storage.put(look.originalKey, original),
    storage.put(look.thumbKey, thumb),
    storage.put(look.blurredKey, blurred),
  ]);
  return look;
}

async function cachedPool(storage: Storage, cacheFile: string, version: string): Promise<Pool | null> {
  let manifest: { version?: string; pool?: Pool };
  try {
    manifest = JSON.parse(await fs.readFile(cacheFile, 'utf8'));
  } catch {
    return null;
  }
  if (manifest.version !== version || !manifest.pool) return null;
  const keys = manifest.pool.persons.flatMap((p) =>
    p.looks.flatMap((l) => [l.originalKey, l.thumbKey, l.blurredKey]),
  );
  const present = await Promise.all(keys.map(async (key) => (await storage.get(key)) !== null));
  return present.every(Boolean) ? manifest.pool : null;
}

/**
 * The portraits demo photos point at. Rendered once and stored under random keys; `cacheFile`
 * remembers the keys, so the next seed reuses them while the same images are still in storage.
 */
export async function preparePool(opts: {
  storage: Storage;
  cacheFile?: string;
  size?: PoolSize;
  onProgress?: (done: number, total: number) => void;
}): Promise<Pool> {
  const specs = poolSpecs(opts.size ?? DEFAULT_POOL_SIZE);
  const version = createHash('sha256').update(RENDER_VERSION).update(JSON.stringify(specs)).digest('hex');
  if (opts.cacheFile) {
    const cached = await cachedPool(opts.storage, opts.cacheFile, version);
    if (cached) return cached;
  }
  const jobs = specs.flatMap((person, p) => person.looks.map((look, l) => ({ p, l, ...look })));
  const persons: PoolPerson[] = specs.map((s) => ({ gender: s.gender, hair: s.hair, looks: [] }));
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as (typeof jobs)[number];
      (persons[job.p] as PoolPerson).looks[job.l] = await renderLook(opts.storage, job.premium, job.spec);
      opts.onProgress?.(++done, jobs.length);
    }
  };
  // sharp may have been set to one thread; the pool renders fastest with one per core, as many workers.
  const threads = sharp.concurrency();
  const cores = os.availableParallelism();
  sharp.concurrency(Math.max(threads, cores));
  try {
    await Promise.all(Array.from({ length: cores }, worker));
  } finally {
    sharp.concurrency(threads);
  }
  const pool = { persons };
  if (opts.cacheFile) {
    await fs.mkdir(path.dirname(opts.cacheFile), { recursive: true });
    const temp = `${opts.cacheFile}.${process.pid}.tmp`;
    await fs.writeFile(temp, JSON.stringify({ version, pool }));
    await fs.rename(temp, opts.cacheFile);
  }
  return pool;
}
