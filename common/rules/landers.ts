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

/** The kinds of landing built around one member: /members/{id}/{variant}. */
export const LANDING_VARIANTS = ['landing', 'signup', 'landing2', 'landing3'] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

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
    (LANDING_VARIANTS as readonly string[]).includes(parts[2] ?? '')
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

/**
 * The niche a lander's address shows, or null where there is no such page: an unknown lander, a
 * slug on tinderswipe, a slug of no niche. The lander screen and the server's answer (404) agree.
 */
export function landerNiche(name: string, slug: string | undefined, siteNiche: Niche): Niche | null {
  if (!LANDERS.has(name)) return null;
  if (slug !== undefined && !SLUG_LANDERS.has(name)) return null;
  return nicheOfSlug(slug, siteNiche);
}

/** A member id as an address writes it: digits only, as the server takes it; 0 for none. */
export function memberIdOf(param: string | undefined): number {
  return /^\d{1,15}$/.test(param ?? '') && Number(param) > 0 ? Number(param) : 0;
}

/**
 * A member landing's address (/members/{id}/{variant}/{slug?}) read: its member, kind and niche,
 * or null where there is no such page: a bad id, an unknown kind, a slug on a kind that takes
 * none (only landing2 and landing3 do) or a slug of no niche.
 */
export function memberLandingOf(
  params: { id?: string; variant?: string; slug?: string },
  siteNiche: Niche,
): { id: number; kind: LandingVariant; niche: Niche } | null {
  const kind = LANDING_VARIANTS.find((v) => v === params.variant);
  const id = memberIdOf(params.id);
  if (!kind || id === 0) return null;
  if (params.slug !== undefined && kind !== 'landing2' && kind !== 'landing3') return null;
  const niche = nicheOfSlug(params.slug, siteNiche);
  return niche === null ? null : { id, kind, niche };
}
