import type { CreditReason } from '../../common/api/credits';
import { MAX_AGE } from '../../common/constants';
import {
  type BODY_TYPES,
  type EYE_COLOURS,
  type Gender,
  REASONS,
  type RELATIONSHIP_STATUSES,
  type Sexuality,
  type TATTOOS,
} from '../../common/profile-options';
import { localeFromDomainLanguage } from '../../common/rules/locale';
import { aboutText } from './about';
import { personFor } from './names';
import type { HairColour } from './pool';
import type { Rng } from './rng';

/** What the seed needs to know of a site. */
export type SeedSite = {
  id: number;
  domain: string;
  countries: string[];
  domainLanguage: string | null;
  signupCredits: number;
  hasFictional: boolean;
};

export type LedgerEntry = {
  delta: number;
  balanceAfter: number;
  reason: CreditReason;
  reference: string | null;
  at: Date;
};

export type DemoLoginKind = 'demo' | 'welcome';

/**
 * How long ago the welcome login signed up: past the time bonus (4 hours), well within the welcome
 * discount (48 hours), so the discount banner shows from the first login.
 */
export const WELCOME_LOGIN_AGE_MS = 24 * 3_600_000;

/** One demo member before it has ids: everything the rows of members, profiles and credit_ledger hold. */
export type DemoMember = {
  site: SeedSite;
  /**
   * The site's well-known logins, the only demo members with a password: the demo login, and a
   * member a day after signup whose welcome discount runs (`welcome`); false for everyone else.
   */
  login: false | DemoLoginKind;
  country: string;
  regionCode: string | null;
  language: string;
  name: string;
  gender: Gender;
  sexuality: Sexuality;
  birthDate: string;
  relationshipStatus: (typeof RELATIONSHIP_STATUSES)[number] | null;
  hairColour: HairColour;
  eyeColour: (typeof EYE_COLOURS)[number] | null;
  bodyType: (typeof BODY_TYPES)[number] | null;
  tattoos: (typeof TATTOOS)[number] | null;
  reason: (typeof REASONS)[number] | null;
  about: string;
  status: 'active' | 'not_confirmed';
  profileStatus: 'active' | 'disabled';
  invisible: boolean;
  paidUser: boolean;
  credits: number;
  ledger: LedgerEntry[];
  signupDate: Date;
  lastActiveAt: Date;
  seekingGender: Gender;
  seekingMinAge: number;
  seekingMaxAge: number;
  fictional: boolean;
  interestIds: number[];
  /** How many photos; free members stay within their limit of 3. */
  photoCount: number;
};

// Rough relative sizes of the served countries, so a site's members are not spread evenly.
const COUNTRY_WEIGHT: Record<string, number> = {
  US: 30,
  DE: 18,
  GB: 14,
  FR: 14,
  IT: 12,
  ES: 10,
  PL: 8,
  CA: 8,
  NL: 8,
  AU: 6,
  BE: 5,
  SE: 4,
  AT: 4,
  CH: 4,
  DK: 3,
  FI: 3,
  NO: 3,
  IE: 3,
  NZ: 2,
};
/** The site's first country is its home market and gets this share, so its home page is full. */
const HOME_SHARE = 0.4;
const DAY_MS = 86_400_000;

export function pickCountry(site: SeedSite, rng: Rng): string {
  const [home, ...rest] = site.countries;
  if (!home) throw new Error(`site ${site.domain} has no countries`);
  if (rest.length === 0 || rng.chance(HOME_SHARE)) return home;
  return rng.weighted(rest.map((c) => [c, COUNTRY_WEIGHT[c] ?? 2] as const));
}

export function pickAge(rng: Rng): number {
  const [min, max] = rng.weighted([
    [[18, 24], 14],
    [[25, 34], 28],
    [[35, 44], 24],
    [[45, 54], 18],
    [[55, 64], 11],
    [[65, 80], 5],
  ] as const);
  return rng.int(min, max);
}

/** A birth date (YYYY-MM-DD) on which a person is exactly `age` on `now`. */
export function birthDateFor(age: number, now: Date, rng: Rng): string {
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  // 1..364 days before the anniversary: the birthday has passed, the next one has not come.
  return new Date(anniversary - rng.int(1, 364) * DAY_MS).toISOString().slice(0, 10);
}

function hairFor(gender: Gender, age: number, rng: Rng): HairColour {
  const band = age < 35 ? 0 : age < 55 ? 1 : 2;
  const w = (young: number, middle: number, old: number) => [young, middle, old][band] as number;
  return rng.weighted<HairColour>([
    ['black', w(25, 22, 8)],
    ['brown', w(35, 32, 14)],
    ['blond', w(22, 16, 8)],
    ['red', w(6, 4, 2)],
    ['other', w(6, 3, 2)],
    ['grey', w(1, 14, 36)],
    ['white', w(0, 2, 22)],
    ['bald', gender === 'male' ? w(4, 10, 18) : 0.5],
  ]);
}

function sexualityFor(gender: Gender, rng: Rng): Sexuality {
  return rng.weighted<Sexuality>([
    ['hetero', 74],
    [gender === 'male' ? 'gay' : 'lesbian', 12],
    ['bi', 14],
  ]);
}

function seekingFor(gender: Gender, sexuality: Sexuality, rng: Rng): Gender {
  if (sexuality === 'gay') return 'male';
  if (sexuality === 'lesbian') return 'female';
  if (sexuality === 'bi') return rng.pick(['male', 'female'] as const);
  return gender === 'male' ? 'female' : 'male';
}

/** Sometimes a member leaves an optional field empty, as real members do. */
const maybe = <T>(rng: Rng, value: () => T, emptyShare = 0.04): T | null =>
  rng.chance(emptyShare) ? null : value();

function credits(site: SeedSite, paidUser: boolean, signupDate: Date, lastActive: Date, rng: Rng) {
  const ledger: LedgerEntry[] = [];
  const between = (from: Date, to: Date) =>
    new Date(from.getTime() + rng.next() * (to.getTime() - from.getTime()));
  let balance = 0;
  const add = (delta: number, reason: CreditReason, reference: string | null, at: Date) => {
    balance += delta;
    ledger.push({ delta, balanceAfter: balance, reason, reference, at });
  };
  if (site.signupCredits > 0) add(site.signupCredits, 'signup_bonus', null, signupDate);
  let last = signupDate;
  if (balance > 0 && rng.chance(0.55)) {
    last = between(signupDate, lastActive);
    add(-balance, 'message', null, last);
  }
  if (paidUser) {
    const bundle = rng.pick([50, 100, 250]);
    last = between(last, lastActive);
    // No payment stands behind it: a purchase ledger row (reason 'purchase') must name its payment.
    add(bundle, 'demo_purchase', null, last);
    const spent = rng.int(0, bundle);
    if (spent > 0) add(-spent, 'message', null, between(last, lastActive));
  }
  return { credits: balance, ledger };
}

/** One believable demo member of `site`; the regions and interests are those in the database. */
export function demoMember(
  site: SeedSite,
  regionsByCountry: Map<string, string[]>,
  interestIds: number[],
  now: Date,
  rng: Rng,
): DemoMember {
  const country = pickCountry(site, rng);
  const gender = rng.pick(['male', 'female'] as const);
  const age = pickAge(rng);
  const sexuality = sexualityFor(gender, rng);
  const person = personFor(country, gender, rng);
  const regions = regionsByCountry.get(country) ?? [];
  const paidUser = rng.chance(0.12);
  // Sign-ups over the last two years, more of them recent; activity mostly within the last weeks.
  const signupDate = new Date(now.getTime() - rng.next() ** 1.5 * 720 * DAY_MS - rng.int(0, DAY_MS));
  const idle = rng.chance(0.06) ? rng.int(0, 300_000) : rng.next() ** 2 * 42 * DAY_MS;
  const lastActiveAt = new Date(now.getTime() - Math.min(idle, now.getTime() - signupDate.getTime()));
  const money = credits(site, paidUser, signupDate, lastActiveAt, rng);
  return {
    site,
    login: false,
    country,
    regionCode: regions.length > 0 ? rng.pick(regions) : null,
    language: person.language,
    name: person.firstName,
    gender,
    sexuality,
    birthDate: birthDateFor(age, now, rng),
    relationshipStatus: maybe(rng, () =>
      rng.weighted([
        ['single', 45],
        ['divorced', age > 30 ? 16 : 2],
        ['unmarried', 12],
        ['living_together', 4],
        ['married', 6],
        ['widowed', age > 55 ? 10 : 0.5],
      ] as const),
    ),
    hairColour: hairFor(gender, age, rng),
    eyeColour: maybe(rng, () =>
      rng.weighted([
        ['brown', 40],
        ['blue', 25],
        ['green', 10],
        ['grey', 5],
        ['hazel', 15],
        ['other', 2],
      ] as const),
    ),
    bodyType: maybe(rng, () =>
      rng.weighted([
        ['slim', 35],
        ['normal', 50],
        ['fat', 15],
      ] as const),
    ),
    tattoos: maybe(rng, () =>
      rng.weighted([
        ['none', 55],
        ['some', 35],
        ['many', 10],
      ] as const),
    ),
    reason: maybe(rng, () => rng.pick(REASONS)),
    about: aboutText(person.language, rng),
    status: rng.chance(0.04) ? 'not_confirmed' : 'active',
    profileStatus: rng.chance(0.03) ? 'disabled' : 'active',
    invisible: rng.chance(0.04),
    paidUser,
    credits: money.credits,
    ledger: money.ledger,
    signupDate,
    lastActiveAt,
    seekingGender: seekingFor(gender, sexuality, rng),
    seekingMinAge: Math.max(18, age - rng.int(2, 12)),
    seekingMaxAge: Math.min(MAX_AGE, age + rng.int(2, 14)),
    fictional: site.hasFictional && rng.chance(0.1),
    interestIds: rng.sample(interestIds, rng.int(3, 8)),
    photoCount: paidUser
      ? rng.weighted([
          [1, 15],
          [2, 20],
          [3, 20],
          [4, 17],
          [5, 14],
          [6, 14],
        ] as const)
      : rng.weighted([
          [1, 30],
          [2, 35],
          [3, 35],
        ] as const),
  };
}

/**
 * The well-known demo login of a site: a free member in the site's home country, with the site's
 * sign-up credits and three public photos, so every free-member screen has something to show.
 */
export function demoLoginMember(
  site: SeedSite,
  regionsByCountry: Map<string, string[]>,
  interestIds: number[],
  now: Date,
  rng: Rng,
  kind: DemoLoginKind = 'demo',
): DemoMember {
  const base = demoMember(site, regionsByCountry, interestIds, now, rng);
  const home = site.countries[0] as string;
  const person = personFor(home, 'male', rng);
  const regions = regionsByCountry.get(home) ?? [];
  // The welcome login signed up a day ago: its time bonus is over, its welcome discount runs.
  const signupDate = new Date(now.getTime() - (kind === 'welcome' ? WELCOME_LOGIN_AGE_MS : 3 * DAY_MS));
  const ledger: LedgerEntry[] =
    site.signupCredits > 0
      ? [
          {
            delta: site.signupCredits,
            balanceAfter: site.signupCredits,
            reason: 'signup_bonus',
            reference: null,
            at: signupDate,
          },
        ]
      : [];
  return {
    ...base,
    login: kind,
    country: home,
    regionCode: regions.length > 0 ? rng.pick(regions) : null,
    language: localeFromDomainLanguage(site.domainLanguage) ?? person.language,
    name: person.firstName,
    gender: 'male',
    sexuality: 'hetero',
    birthDate: birthDateFor(34, now, rng),
    hairColour: 'brown',
    status: 'active',
    profileStatus: 'active',
    invisible: false,
    paidUser: false,
    credits: site.signupCredits,
    ledger,
    signupDate,
    lastActiveAt: now,
    seekingGender: 'female',
    seekingMinAge: 25,
    seekingMaxAge: 45,
    fictional: false,
    photoCount: 3,
  };
}
