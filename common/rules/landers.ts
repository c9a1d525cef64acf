/**
 * The landing pages of SPEC §2 that paid traffic arrives on, as the names reports group visits,
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
  // SPEC §2: /members/{id}/landing, /signup, /landing2/{slug?}, /landing3/{slug?}.
  if (
    parts[0] === 'members' &&
    /^\d+$/.test(parts[1] ?? '') &&
    ['landing', 'signup', 'landing2', 'landing3'].includes(parts[2] ?? '')
  )
    return 'member-landing';
  return 'other';
}
