import sharp from 'sharp';
import type { NICHES, Niche } from '../../../common/constants';
import type { Gender } from '../../../common/profile-options';
import { type HairColour, personSpec } from '../../seed/pool';
import { type PortraitSpec, portraitSvg } from '../../seed/portrait';
import { createRng } from '../../seed/rng';

/**
 * The hero pictures of the home page and the landers, one per niche: three of the
 * demo photos' illustrated people as photo cards on the niche's colours, drawn as SVG and rendered
 * by sharp like the demo photos, so nothing is downloaded and no real person is shown. 16:9.
 */
export type NicheName = (typeof NICHES)[Niche];
export const HERO_WIDTHS = [640, 1280] as const;
export type HeroWidth = (typeof HERO_WIDTHS)[number];

const W = 1600;
const H = 900;

type Cast = {
  /** The picture's background gradient, top left to bottom right. */
  colours: readonly [string, string];
  /** The cards' own backgrounds: the scene the people stand in. */
  scene: readonly [string, string];
  people: readonly (readonly [Gender, HairColour])[];
};

const CASTS: Record<NicheName, Cast> = {
  plain: {
    colours: ['#ff8fab', '#c2185b'],
    scene: ['#ffe4ec', '#ffb3c6'],
    people: [
      ['female', 'blond'],
      ['male', 'brown'],
      ['female', 'red'],
    ],
  },
  she: {
    colours: ['#f0abfc', '#7e22ce'],
    scene: ['#fae8ff', '#e9d5ff'],
    people: [
      ['female', 'brown'],
      ['female', 'blond'],
      ['female', 'black'],
    ],
  },
  bdsm: {
    colours: ['#1f1f2e', '#7f1d1d'],
    scene: ['#312e81', '#be185d'],
    people: [
      ['female', 'black'],
      ['male', 'black'],
      ['female', 'red'],
    ],
  },
  bbw: {
    colours: ['#fdba74', '#db2777'],
    scene: ['#ffedd5', '#fed7aa'],
    people: [
      ['female', 'brown'],
      ['female', 'red'],
      ['female', 'blond'],
    ],
  },
  gilf: {
    colours: ['#fcd9b6', '#b45309'],
    scene: ['#fef3c7', '#fde68a'],
    people: [
      ['female', 'grey'],
      ['female', 'white'],
      ['female', 'grey'],
    ],
  },
  milf: {
    colours: ['#fb7185', '#831843'],
    scene: ['#ffe4e6', '#fecdd3'],
    people: [
      ['female', 'brown'],
      ['female', 'blond'],
      ['female', 'red'],
    ],
  },
  gay: {
    colours: ['#60a5fa', '#0f766e'],
    scene: ['#dbeafe', '#bfdbfe'],
    people: [
      ['male', 'brown'],
      ['male', 'black'],
      ['male', 'blond'],
    ],
  },
};

// Left, centre (largest, in front), right: x, y, width of a 4:5 card, and its tilt in degrees.
const CARDS = [
  { x: 170, y: 250, w: 380, tilt: -7 },
  { x: 1050, y: 250, w: 380, tilt: 7 },
  { x: 570, y: 150, w: 460, tilt: 0 },
] as const;

function castSpecs(niche: NicheName): PortraitSpec[] {
  const cast = CASTS[niche];
  const rng = createRng(Object.keys(CASTS).indexOf(niche) + 0x4e1c);
  return cast.people.map(([gender, hair], i) => ({
    ...personSpec(gender, hair, i * 2, rng),
    background: cast.scene,
    bokeh: [
      [rng.int(0, 640), rng.int(0, 300), rng.int(40, 120)],
      [rng.int(0, 640), rng.int(0, 300), rng.int(40, 120)],
    ],
    top: {
      style: gender === 'male' ? 'collar' : 'vneck',
      colour: ['#1f2937', '#e85d75', '#3d5a80'][i] as string,
    },
    smile: 'open',
  }));
}

/** One person as a card: the portrait nested at the card's place, its ids made unique. */
function card(spec: PortraitSpec, index: number): string {
  const { x, y, w, tilt } = CARDS[index] as (typeof CARDS)[number];
  const h = (w * 5) / 4;
  const inner = portraitSvg(spec)
    .replace(/^<svg[^>]*>/, `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 640 800">`)
    .replaceAll('id="bg"', `id="bg${index}"`)
    .replaceAll('url(#bg)', `url(#bg${index})`);
  const cx = x + w / 2;
  const cy = y + h / 2;
  return [
    `<g transform="rotate(${tilt} ${cx} ${cy})">`,
    `<rect x="${x - 4}" y="${y + 14}" width="${w + 8}" height="${h + 8}" rx="30" fill="#000" opacity="0.28" filter="url(#shadow)"/>`,
    `<clipPath id="card${index}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28"/></clipPath>`,
    `<g clip-path="url(#card${index})">${inner}</g>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="none" stroke="#fff" stroke-width="10"/>`,
    '</g>',
  ].join('');
}

export function heroSvg(niche: NicheName): string {
  const [from, to] = CASTS[niche].colours;
  const people = castSpecs(niche);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    '<defs>',
    `<linearGradient id="hero" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    '<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>',
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#hero)"/>`,
    '<g fill="#fff" opacity="0.12"><circle cx="180" cy="140" r="160"/><circle cx="1420" cy="760" r="220"/><circle cx="1300" cy="120" r="90"/></g>',
    // The heart of the brand mark, large and faint behind the cards.
    `<path transform="translate(800 470) scale(26) translate(-16 -16.3)" d="M16 25s-9-5.6-9-11.3A4.7 4.7 0 0 1 16 11a4.7 4.7 0 0 1 9 2.7C25 19.4 16 25 16 25z" fill="#fff" opacity="0.14"/>`,
    ...people.map((spec, i) => card(spec, i)),
    '</svg>',
  ].join('');
}

const cache = new Map<string, Promise<Buffer>>();

/** The niche's hero as WebP at one of HERO_WIDTHS, rendered once per process and kept. */
export function heroImage(niche: NicheName, width: HeroWidth): Promise<Buffer> {
  const key = `${niche}-${width}`;
  let image = cache.get(key);
  if (!image) {
    image = sharp(Buffer.from(heroSvg(niche)), { density: (72 * width) / W })
      .webp({ quality: width > 640 ? 78 : 74, effort: 4 })
      .toBuffer();
    image.catch(() => cache.delete(key));
    cache.set(key, image);
  }
  return image;
}
