import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Site } from './sites';

/**
 * The installed app's icons (installed-app mode): the brand mark of the favicon and the top
 * bar, a white heart, on the brand colour, drawn as SVG and rendered to PNG by sharp. The mark is a
 * path, not a letter in a font, so a server without fonts draws the same icon.
 */

/**
 * The theme's primary ($primary in web/styles/_theme.scss; manifest.api.test.ts checks they agree).
 * Sites have no colour of their own in the sites file, so every site uses it.
 */
export const BRAND_COLOUR = '#c2185b';
/** Behind the app while it starts: the page's own background, so the first paint does not flash. */
export const BACKGROUND_COLOUR = '#ffffff';

// The heart of web/public/favicon.svg, on its 32-unit grid: two half circles (r 4.7) over a point,
// its box x 6.8–25.2, y 7.65–25.
const HEART = 'M16 25s-9-5.6-9-11.3A4.7 4.7 0 0 1 16 11a4.7 4.7 0 0 1 9 2.7C25 19.4 16 25 16 25z';
const HEART_CENTRE = { x: 16, y: 16.3 };
const HEART_WIDTH = 18.4;

type Shape = 'rounded' | 'square';
type IconFile = {
  size: number;
  shape: Shape;
  /** Width of the heart as a share of the icon. */
  mark: number;
};

/**
 * The files of an icon set. `any`: the favicon's rounded square. `maskable`: full bleed, the mark
 * inside the safe zone (a centred circle of 80 % of the size) whatever mask the launcher cuts.
 * `apple`: full bleed too, as iOS rounds the corners itself and would paint transparent ones black.
 */
export const ICON_FILES = {
  'any-192.png': { size: 192, shape: 'rounded', mark: HEART_WIDTH / 32 },
  'any-512.png': { size: 512, shape: 'rounded', mark: HEART_WIDTH / 32 },
  // The heart's box is 0.46 × 0.43 of the icon: its corners reach 0.32 from the centre (< 0.4).
  'maskable-512.png': { size: 512, shape: 'square', mark: 0.46 },
  'apple-180.png': { size: 180, shape: 'square', mark: 0.56 },
} as const satisfies Record<string, IconFile>;
export type IconFileName = keyof typeof ICON_FILES;

export const isIconFile = (name: string): name is IconFileName => Object.hasOwn(ICON_FILES, name);

/** What a site's icons are drawn from; `key` names the drawing in icon addresses. */
export type IconSet = { key: string; colour: string };

export function iconSvg(colour: string, file: IconFile): string {
  const scale = (file.mark * 32) / HEART_WIDTH;
  const { x, y } = HEART_CENTRE;
  const background =
    file.shape === 'rounded'
      ? `<rect width="32" height="32" rx="8" fill="${colour}"/>`
      : `<rect width="32" height="32" fill="${colour}"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${file.size}" height="${file.size}" viewBox="0 0 32 32">` +
    background +
    `<path transform="translate(${x} ${y}) scale(${scale}) translate(${-x} ${-y})" d="${HEART}" fill="#fff"/>` +
    '</svg>'
  );
}

/**
 * The icon set of a site. Its key is a hash of the drawing, so the address changes exactly when the
 * picture does and the files can be cached for a year; sites drawn alike share their files.
 */
export function iconSetFor(_site: Site): IconSet {
  const colour = BRAND_COLOUR;
  const drawing = Object.values(ICON_FILES)
    .map((f) => iconSvg(colour, f))
    .join('\n');
  return { key: createHash('sha256').update(drawing).digest('hex').slice(0, 12), colour };
}

export const iconPath = (set: IconSet, file: IconFileName) => `/icons/${set.key}/${file}`;

/** Rendered PNGs, per drawing and file: a handful per process (sites × 4), rendered once each. */
const rendered = new Map<string, Promise<Buffer>>();

export function renderIcon(set: IconSet, file: IconFileName): Promise<Buffer> {
  const id = `${set.key}/${file}`;
  let png = rendered.get(id);
  if (!png) {
    png = sharp(Buffer.from(iconSvg(set.colour, ICON_FILES[file])))
      .png({ compressionLevel: 9 })
      .toBuffer();
    // A failed render is not kept: the next request tries again.
    png.catch(() => rendered.delete(id));
    rendered.set(id, png);
  }
  return png;
}
