import { allLocales } from '@faker-js/faker';
import type { Locale } from '../../common/constants';
import type { Gender } from '../../common/profile-options';
import type { Rng } from './rng';

type FakerLocale = keyof typeof allLocales;

/**
 * Who lives in each served country, as [faker name locale, language spoken, share]. Multilingual
 * countries mix their language groups, so a Walloon member has a French name and speaks French.
 */
const PEOPLE_BY_COUNTRY: Record<string, readonly (readonly [FakerLocale, Locale, number])[]> = {
  NL: [['nl', 'nl', 1]],
  BE: [
    ['nl_BE', 'nl', 0.6],
    ['fr_BE', 'fr', 0.4],
  ],
  DE: [['de', 'de', 1]],
  AT: [['de_AT', 'de', 1]],
  CH: [
    ['de_CH', 'de', 0.65],
    ['fr_CH', 'fr', 0.25],
    ['it', 'it', 0.1],
  ],
  GB: [['en_GB', 'en', 1]],
  IE: [['en_IE', 'en', 1]],
  US: [
    ['en_US', 'en', 0.85],
    ['es_MX', 'es', 0.15],
  ],
  CA: [
    ['en_CA', 'en', 0.75],
    ['fr_CA', 'fr', 0.25],
  ],
  AU: [['en_AU', 'en', 1]],
  NZ: [['en_AU', 'en', 1]],
  FR: [['fr', 'fr', 1]],
  IT: [['it', 'it', 1]],
  ES: [['es', 'es', 1]],
  PL: [['pl', 'pl', 1]],
  DK: [['da', 'da', 1]],
  FI: [['fi', 'fi', 1]],
  NO: [['nb_NO', 'nb', 1]],
  SE: [['sv', 'sv', 1]],
};

type FirstNames = { female: readonly string[]; male: readonly string[] };

const cache = new Map<FakerLocale, FirstNames>();

function firstNames(locale: FakerLocale): FirstNames {
  const cached = cache.get(locale);
  if (cached) return cached;
  // Regional locales without first names of their own (en_GB, fr_CA …) fall back to their language.
  const chain: FakerLocale[] = [locale, locale.split('_')[0] as FakerLocale, 'en'];
  let found: FirstNames | null = null;
  for (const candidate of chain) {
    const names = allLocales[candidate]?.person?.first_name;
    if (names?.female?.length && names.male?.length) {
      found = { female: names.female, male: names.male };
      break;
    }
  }
  if (!found) throw new Error(`no first names for ${locale}`);
  cache.set(locale, found);
  return found;
}

export type Person = { firstName: string; language: Locale };

/** A first name that fits the country and gender, and the language that goes with it. */
export function personFor(country: string, gender: Gender, rng: Rng): Person {
  const groups = PEOPLE_BY_COUNTRY[country] ?? [['en', 'en', 1] as const];
  const [locale, language] = rng.weighted(groups.map((g) => [[g[0], g[1]] as const, g[2]] as const));
  return { firstName: rng.pick(firstNames(locale)[gender]), language };
}

/** A lower-case ASCII form of a name for an e-mail address ("Zoë Ångström" → "zoeangstrom"). */
export function emailSlug(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/[æÆ]/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return ascii.slice(0, 24) || 'member';
}
