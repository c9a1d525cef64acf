import { NICHES, type Niche } from '../constants';

/**
 * The landing pages that paid traffic arrives on, as the names reports group visits,
 * bounces and signups by. Any other page is `other`; the home page is `home`.
 */
export const LANDER_NAMES = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;

export type LanderKey = 'home' | 'other' | 'member-landing' | `landers/${(typeof LANDER_NAMES)[number]}`;

const LANDERS: ReadonlySet<string> = new Set(LANDER_NAMES);

/** The lander a page path belongs to: `/landers/gallery/milf-x` → `landers/gallery`. */
export function landerOf(path: string): LanderKey {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  if (clean === '/' || clean === '') return 'home';
  const parts = clean.split('/').filter(Boolean);
  if (parts[0] === 'landers' && parts[1] && LANDERS.has(parts[1]))
    return `landers/${parts[1] as (typeof LANDER_NAMES)[number]}`;
  // /members/{id}/landing, /signup, /landing2/{slug?}, /landing3/{slug?}.
  if (
    parts[0] === 'members' &&
    /^\d+$/.test(parts[1] ?? '') &&
    ['landing', 'signup', 'landing2', 'landing3'].includes(parts[2] ?? '')
  )
    return 'member-landing';
  return 'other';
}

/** The landers that take an optional slug; tinderswipe takes none. */
export const SLUG_LANDERS: ReadonlySet<string> = new Set(LANDER_NAMES.filter((n) => n !== 'tinderswipe'));

const SLUG = /^([a-z]+)(?:-[a-z0-9-]{1,80})?$/;

/**
 * A landing slug picks its niche by its prefix, the niche's name (`milf`, `milf-amsterdam`).
 * No slug: the site's own niche. A slug with any other prefix is no page (null → 404).
 */
export function nicheOfSlug(slug: string | undefined, siteNiche: Niche): Niche | null {
  if (slug === undefined || slug === '') return siteNiche;
  const prefix = SLUG.exec(slug)?.[1];
  const found = Object.entries(NICHES).find(([, name]) => name === prefix);
  return found ? (Number(found[0]) as Niche) : null;
}
