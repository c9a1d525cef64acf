import type { Gender } from '../../common/profile-options';

/**
 * An illustrated portrait as SVG (640×800, the 4:5 photo-card shape). Demo photos are drawn here
 * rather than downloaded, so seeding works offline and shows no real person.
 */
export type PortraitSpec = {
  gender: Gender;
  /** null for a shaved head. */
  hairTone: string | null;
  /** The colour the person's hair grows in: brows and beard keep it when the hair is dyed or gone. */
  naturalTone: string;
  hairStyle: string;
  skin: string;
  iris: string;
  background: readonly [string, string];
  /** Soft light circles behind the person: [cx, cy, r]. */
  bokeh: readonly (readonly [number, number, number])[];
  top: { style: TopStyle; colour: string };
  beard: 'none' | 'stubble' | 'full' | 'moustache';
  glasses: 'none' | 'round' | 'square';
  earrings: boolean;
  lips: string | null;
  older: boolean;
  smile: 'open' | 'closed';
};

export type TopStyle = 'crew' | 'vneck' | 'collar' | 'hoodie' | 'straps' | 'turtleneck';

export const FEMALE_HAIR_STYLES = ['long', 'bob', 'curly', 'bun', 'wavy', 'pixie', 'ponytail'] as const;
export const MALE_HAIR_STYLES = [
  'crop',
  'quiff',
  'sidepart',
  'curlytop',
  'buzz',
  'longish',
  'receding',
] as const;

/** Mixes a colour towards black (amount < 0) or white (amount > 0). */
export function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const a = Math.abs(amount);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    return Math.round(c + (target - c) * a);
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

// The outline of the top of the skull that every hair cap follows, from the left temple to the right.
const SKULL = 'C 186 214 244 150 320 150 C 396 150 454 214 454';

function hairBack(style: string, c: string): string {
  switch (style) {
    case 'long':
      return `<path d="M 320 150 C 196 150 164 250 168 370 C 172 490 150 590 140 690 Q 320 720 500 690 C 490 590 468 490 472 370 C 476 250 444 150 320 150 Z" fill="${c}"/>`;
    case 'wavy':
      return `<path d="M 320 150 C 190 150 160 260 170 370 C 178 450 140 500 160 570 C 176 620 132 650 150 700 Q 320 730 490 700 C 508 650 464 620 480 570 C 500 500 462 450 470 370 C 480 260 450 150 320 150 Z" fill="${c}"/>`;
    case 'bob':
      return `<path d="M 320 156 C 192 156 170 260 172 360 C 174 440 166 500 184 530 Q 230 548 262 520 L 378 520 Q 410 548 456 530 C 474 500 466 440 468 360 C 470 260 448 156 320 156 Z" fill="${c}"/>`;
    case 'curly':
      return curls(c, 320, 330, 170, 210, 26, 34);
    case 'ponytail':
      return `<path d="M 430 230 C 500 250 520 360 500 470 C 490 540 460 590 440 600 C 450 520 455 430 420 330 Z" fill="${c}"/>`;
    case 'longish':
      return `<path d="M 320 156 C 200 156 176 250 180 350 C 182 420 186 470 206 490 L 434 490 C 454 470 458 420 460 350 C 464 250 440 156 320 156 Z" fill="${c}"/>`;
    case 'bun':
      return `<circle cx="320" cy="138" r="58" fill="${c}"/><circle cx="306" cy="124" r="16" fill="${tint(c, 0.18)}" opacity="0.45"/>`;
    default:
      return '';
  }
}

/** A cloud of circles along an ellipse: curly hair without a hand-drawn path per variant. */
function curls(
  c: string,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  rMin: number,
  rMax: number,
): string {
  const circles: string[] = [];
  const steps = 22;
  for (let i = 0; i < steps; i++) {
    const angle = Math.PI * (0.92 + (1.16 * i) / (steps - 1));
    const r = rMin + ((i * 7) % (rMax - rMin + 1));
    const x = cx + rx * Math.cos(angle);
    const y = cy + ry * Math.sin(angle);
    circles.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}"/>`);
  }
  return `<g fill="${c}"><ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}"/>${circles.join('')}</g>`;
}

function hairFront(style: string, c: string): string {
  const shine = `<path d="M 250 196 Q 320 168 392 196" stroke="${tint(c, 0.35)}" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.45"/>`;
  const cap = (hairline: string) =>
    `<path d="M 186 ${hairline.split('|')[0]} ${SKULL} ${hairline.split('|')[1]} Z" fill="${c}"/>`;
  switch (style) {
    case 'long':
    case 'wavy':
      return `${cap('360|360 C 440 300 400 240 352 232 C 300 262 246 282 200 360')}${shine}`;
    case 'bob':
      return `${cap('380|380 C 452 330 446 290 430 284 C 360 296 280 296 210 284 C 194 290 188 330 186 380')}${shine}`;
    case 'pixie':
      return `${cap('330|330 C 450 290 420 250 380 246 C 320 250 260 300 206 320 C 196 326 190 330 186 330')}${shine}`;
    case 'bun':
    case 'ponytail':
      return `${cap('320|320 C 440 250 390 214 320 214 C 250 214 200 250 186 320')}${shine}`;
    case 'curly':
      return curls(c, 320, 250, 124, 60, 22, 30);
    case 'curlytop':
      return curls(c, 320, 236, 126, 70, 20, 26);
    case 'crop':
      return `${cap('320|320 C 448 290 430 262 404 256 C 360 250 280 250 236 256 C 210 262 192 290 186 320')}${shine}`;
    case 'quiff':
      return `<path d="M 186 320 C 186 220 230 170 300 150 C 340 120 420 118 430 150 C 460 190 454 260 454 320 C 448 290 430 262 404 254 C 370 244 290 246 236 256 C 210 262 192 290 186 320 Z" fill="${c}"/>${shine}`;
    case 'sidepart':
      return `${cap('330|330 C 446 290 430 260 400 252 C 360 246 300 250 268 236 C 240 250 204 280 186 330')}<path d="M 268 236 Q 262 200 280 170" stroke="${tint(c, -0.3)}" stroke-width="4" fill="none"/>${shine}`;
    case 'buzz':
      return `<g opacity="0.82">${cap('320|320 C 448 296 432 268 404 262 C 360 256 280 256 236 262 C 208 268 192 296 186 320')}</g>`;
    case 'longish':
      return `${cap('390|390 C 452 320 430 262 380 250 C 330 262 270 262 230 280 C 200 300 188 340 186 390')}${shine}`;
    case 'receding':
      return `<path d="M 198 356 C 194 306 202 270 222 242 L 236 254 C 222 280 216 312 218 356 Z M 442 356 C 446 306 438 270 418 242 L 404 254 C 418 280 424 312 422 356 Z" fill="${c}"/>`;
    default:
      return '';
  }
}

function torso(spec: PortraitSpec): string {
  const { gender, top, skin } = spec;
  const shape =
    gender === 'male'
      ? 'M 50 800 C 60 700 136 646 252 622 Q 320 648 388 622 C 504 646 580 700 590 800 Z'
      : 'M 96 800 C 106 708 168 656 264 632 Q 320 652 376 632 C 472 656 534 708 544 800 Z';
  const dark = tint(top.colour, -0.22);
  switch (top.style) {
    case 'straps':
      return `<path d="${shape}" fill="${skin}"/><path d="M 150 800 L 178 706 Q 320 736 462 706 L 490 800 Z" fill="${top.colour}"/><path d="M 204 712 L 232 640 M 436 712 L 408 640" stroke="${top.colour}" stroke-width="10" stroke-linecap="round"/>`;
    case 'vneck':
      return `<path d="${shape}" fill="${top.colour}"/><path d="M 276 626 L 320 712 L 364 626 Q 320 646 276 626 Z" fill="${skin}"/><path d="M 272 624 L 320 716 L 368 624" stroke="${dark}" stroke-width="8" fill="none" stroke-linejoin="round"/>`;
    case 'collar':
      return `<path d="${shape}" fill="${top.colour}"/><path d="M 268 618 L 320 680 L 300 706 L 248 640 Z M 372 618 L 320 680 L 340 706 L 392 640 Z" fill="${tint(top.colour, 0.25)}"/><path d="M 320 690 L 320 800" stroke="${dark}" stroke-width="4"/><circle cx="320" cy="730" r="5" fill="${dark}"/><circle cx="320" cy="770" r="5" fill="${dark}"/>`;
    case 'hoodie':
      return `<path d="${shape}" fill="${top.colour}"/><path d="M 232 628 Q 320 700 408 628 Q 400 690 320 712 Q 240 690 232 628 Z" fill="${dark}"/><path d="M 292 690 L 286 770 M 348 690 L 354 770" stroke="${tint(top.colour, 0.5)}" stroke-width="6" stroke-linecap="round"/>`;
    case 'turtleneck':
      return `<path d="${shape}" fill="${top.colour}"/><rect x="262" y="574" width="116" height="74" rx="30" fill="${tint(top.colour, -0.1)}"/><path d="M 272 600 Q 320 610 368 600 M 270 622 Q 320 632 370 622" stroke="${dark}" stroke-width="4" fill="none" opacity="0.6"/>`;
    default:
      return `<path d="${shape}" fill="${top.colour}"/><path d="M 268 626 Q 320 668 372 626" stroke="${dark}" stroke-width="10" fill="none" stroke-linecap="round"/>`;
  }
}

function face(spec: PortraitSpec): string {
  const { skin, gender } = spec;
  const shade = tint(skin, -0.16);
  const line = tint(skin, -0.45);
  const jaw =
    gender === 'male'
      ? 'M 200 350 C 200 248 252 188 320 188 C 388 188 440 248 440 350 C 440 452 404 520 320 530 C 236 520 200 452 200 350 Z'
      : 'M 204 350 C 204 250 254 192 320 192 C 386 192 436 250 436 350 C 436 444 392 516 320 524 C 248 516 204 444 204 350 Z';
  const ears = `<ellipse cx="204" cy="372" rx="22" ry="34" fill="${skin}"/><ellipse cx="436" cy="372" rx="22" ry="34" fill="${skin}"/><path d="M 200 356 Q 190 372 202 390 M 440 356 Q 450 372 438 390" stroke="${shade}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  const brow = tint(spec.naturalTone, -0.25);
  const browWidth = gender === 'male' ? 9 : 6;
  const brows = `<path d="M 244 326 Q 270 310 298 322 M 342 322 Q 370 310 396 326" stroke="${brow}" stroke-width="${browWidth}" fill="none" stroke-linecap="round"/>`;
  const eye = (cx: number) =>
    `<ellipse cx="${cx}" cy="364" rx="21" ry="14" fill="#fbfbfb"/><circle cx="${cx}" cy="365" r="11" fill="${spec.iris}"/><circle cx="${cx}" cy="365" r="5.5" fill="#1b1b1f"/><circle cx="${cx + 4}" cy="360" r="3.2" fill="#fff"/>`;
  const lidWidth = gender === 'female' ? 4.5 : 3;
  const lids = `<path d="M 249 362 Q 270 344 293 360 M 347 360 Q 370 344 391 362" stroke="${line}" stroke-width="${lidWidth}" fill="none" stroke-linecap="round"/>`;
  const lashes =
    gender === 'female'
      ? `<path d="M 250 360 L 242 354 M 390 360 L 398 354" stroke="${line}" stroke-width="4" stroke-linecap="round"/>`
      : '';
  const nose = `<path d="M 322 378 Q 306 424 318 434 Q 328 440 338 432" stroke="${shade}" stroke-width="5" fill="none" stroke-linecap="round"/>`;
  const cheeks = `<ellipse cx="258" cy="424" rx="24" ry="14" fill="#ff6f6f" opacity="0.16"/><ellipse cx="382" cy="424" rx="24" ry="14" fill="#ff6f6f" opacity="0.16"/>`;
  const lipColour = spec.lips ?? tint(skin, -0.32);
  const mouth =
    spec.smile === 'open'
      ? `<path d="M 284 458 Q 320 506 356 458 Q 320 468 284 458 Z" fill="#6b2430"/><path d="M 290 460 Q 320 470 350 460 L 346 470 Q 320 476 294 470 Z" fill="#fff"/><path d="M 284 458 Q 320 506 356 458" stroke="${lipColour}" stroke-width="4" fill="none" stroke-linecap="round"/>`
      : `<path d="M 290 462 Q 320 486 350 462" stroke="${lipColour}" stroke-width="${spec.lips ? 8 : 5}" fill="none" stroke-linecap="round"/>`;
  const lines = spec.older
    ? `<g stroke="${shade}" stroke-width="3.5" fill="none" stroke-linecap="round" opacity="0.8"><path d="M 288 444 Q 278 462 286 480 M 352 444 Q 362 462 354 480 M 222 356 L 212 352 M 224 368 L 213 370 M 418 356 L 428 352 M 416 368 L 427 370 M 282 282 Q 320 274 358 282"/></g>`
    : '';
  return `${ears}<path d="${jaw}" fill="${skin}"/>${cheeks}${lines}${brows}${eye(270)}${eye(370)}${lids}${lashes}${nose}${beard(spec)}${mouth}`;
}

function beard(spec: PortraitSpec): string {
  const c = spec.naturalTone;
  const full =
    'M 204 372 C 210 470 256 540 320 546 C 384 540 430 470 436 372 C 424 420 400 444 370 446 Q 320 432 270 446 C 240 444 216 420 204 372 Z';
  const moustache = 'M 282 458 Q 300 436 320 446 Q 340 436 358 458 Q 340 452 320 456 Q 300 452 282 458 Z';
  switch (spec.beard) {
    case 'full':
      return `<path d="${full}" fill="${c}"/><path d="${moustache}" fill="${tint(c, -0.1)}"/>`;
    case 'stubble':
      return `<path d="${full}" fill="${tint(c, -0.2)}" opacity="0.22"/>`;
    case 'moustache':
      return `<path d="${moustache}" fill="${c}"/>`;
    default:
      return '';
  }
}

function glasses(kind: PortraitSpec['glasses']): string {
  if (kind === 'none') return '';
  const frame = 'stroke="#2d2a32" stroke-width="6" fill="#ffffff" fill-opacity="0.12"';
  const lens =
    kind === 'round'
      ? `<circle cx="270" cy="364" r="34" ${frame}/><circle cx="370" cy="364" r="34" ${frame}/>`
      : `<rect x="232" y="336" width="76" height="56" rx="14" ${frame}/><rect x="332" y="336" width="76" height="56" rx="14" ${frame}/>`;
  return `${lens}<path d="M 304 358 Q 320 348 336 358 M 232 356 L 206 350 M 408 356 L 434 350" stroke="#2d2a32" stroke-width="6" fill="none" stroke-linecap="round"/>`;
}

export function portraitSvg(spec: PortraitSpec): string {
  const [bgTop, bgBottom] = spec.background;
  const hair = spec.hairTone;
  const neck = tint(spec.skin, -0.14);
  const neckShape =
    spec.gender === 'male'
      ? 'M 268 460 L 268 620 Q 320 660 372 620 L 372 460 Z'
      : 'M 280 460 L 280 628 Q 320 660 360 628 L 360 460 Z';
  const earrings = spec.earrings
    ? `<circle cx="206" cy="412" r="7" fill="#f2c94c"/><circle cx="434" cy="412" r="7" fill="#f2c94c"/>`
    : '';
  const bald = !hair
    ? `<path d="M 262 214 Q 300 200 330 206" stroke="#fff" stroke-width="10" opacity="0.22" fill="none" stroke-linecap="round"/>`
    : '';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800" viewBox="0 0 640 800">',
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>`,
    '<rect width="640" height="800" fill="url(#bg)"/>',
    `<g fill="#ffffff" opacity="0.2">${spec.bokeh.map(([cx, cy, r]) => `<circle cx="${cx}" cy="${cy}" r="${r}"/>`).join('')}</g>`,
    hair ? hairBack(spec.hairStyle, hair) : '',
    `<path d="${neckShape}" fill="${neck}"/>`,
    torso(spec),
    face(spec),
    bald,
    hair ? hairFront(spec.hairStyle, hair) : '',
    glasses(spec.glasses),
    earrings,
    '</svg>',
  ].join('');
}
