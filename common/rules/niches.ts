import type { Niche } from '../constants';
import type { BODY_TYPES, Gender } from '../profile-options';
import type { LanderKey } from './landers';

/** Whom a niche's landers and home page show first; empty: anyone. */
export type NicheAudience = {
  gender?: Gender;
  minAge?: number;
  maxAge?: number;
  bodyType?: (typeof BODY_TYPES)[number];
};

const AUDIENCES: Record<Niche, NicheAudience> = {
  1: {},
  2: { gender: 'female' },
  3: {},
  4: { gender: 'female', bodyType: 'fat' },
  5: { gender: 'female', minAge: 55 },
  6: { gender: 'female', minAge: 35, maxAge: 54 },
  7: { gender: 'male' },
};

export function nicheAudience(niche: Niche): NicheAudience {
  return AUDIENCES[niche];
}

/**
 * The pages whose largest paint is the niche's hero picture, with the `sizes` their <img> gives it.
 * The server names the picture in the page's head (server/infra/ssr/route-preloads.ts) so it loads
 * beside the JavaScript; a preload is used only when it asks for what the <img> will ask for.
 */
export const HERO_SIZES: Partial<Record<LanderKey, string>> = {
  home: '(min-width: 992px) 45vw, 100vw',
};
