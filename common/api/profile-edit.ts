import { z } from 'zod';
import { MAX_AGE, MIN_AGE } from '../constants';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  INTERESTS,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../profile-options';
import { birthDateProblem, nameProblem } from '../rules/signup';
import { countryCode } from './fields';
import { REPORT_DETAILS_MAX } from './reports';

export const NAME_MIN = 2;
export const NAME_MAX = 30;
export const ABOUT_MAX = 2000;

/**
 * Values for the `{{placeholders}}` of validation messages. Messages are catalog keys (the zod
 * message), translated on display by the browser and by the server with these same values.
 */
export const VALIDATION_VARS = {
  min_age: MIN_AGE,
  max_age: MAX_AGE,
  name_min: NAME_MIN,
  name_max: NAME_MAX,
  about_max: ABOUT_MAX,
  report_details_max: REPORT_DETAILS_MAX,
} as const;

/** One of a closed list, with the message the forms show for a missing choice. */
export const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: 'validation.choose' });
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) => choice(values).nullable();
const seekingAge = z
  .number({ error: 'validation.seekingAge' })
  .int('validation.seekingAge')
  .min(MIN_AGE, 'validation.seekingAge')
  .max(MAX_AGE, 'validation.seekingAge');

/**
 * PUT /api/profile.php: every profile field a member edits. This is the shape and its bounds;
 * `profileEditSchema` adds the rules that need the member and the site.
 */
export const profileEditBody = z.object({
  name: z.string().trim().min(NAME_MIN, 'validation.nameLength').max(NAME_MAX, 'validation.nameLength'),
  gender: choice(GENDERS),
  sexuality: choice(SEXUALITIES),
  birth_date: z.string().max(10, 'validation.birthDateInvalid'),
  relationship_status: optionalChoice(RELATIONSHIP_STATUSES),
  hair_colour: optionalChoice(HAIR_COLOURS),
  eye_colour: optionalChoice(EYE_COLOURS),
  body_type: optionalChoice(BODY_TYPES),
  tattoos: optionalChoice(TATTOOS),
  reason: optionalChoice(REASONS),
  about: z.string().max(ABOUT_MAX, 'validation.aboutLength'),
  country: countryCode,
  region: z.string().max(80).nullable(),
  seeking_gender: optionalChoice(GENDERS),
  seeking_min_age: seekingAge,
  seeking_max_age: seekingAge,
  interests: z
    .array(z.number().int().min(1).max(INTERESTS.length))
    .max(INTERESTS.length)
    .refine((ids) => new Set(ids).size === ids.length, 'validation.choose'),
});
export type ProfileEditBody = z.infer<typeof profileEditBody>;

export type ProfileEditContext = {
  /** The member's e-mail address: the profile name must differ from it. */
  email: string;
  /** The site's countries (site settings). */
  countries: readonly string[];
  /** Today, from the clock of whoever validates. */
  today: Date;
  /** Region codes of a country, when known; the server always knows them. */
  regionsOf?: (country: string) => readonly string[] | undefined;
};

/** The form's and the server's one rule set (one rule, checked twice). */
export function profileEditSchema(ctx: ProfileEditContext) {
  return profileEditBody.superRefine((v, issues) => {
    const fail = (path: string, message: string) =>
      issues.addIssue({ code: 'custom', path: [path], message });
    const name = nameProblem(v.name, ctx.email);
    if (name) fail('name', name === 'name_at' ? 'validation.nameStartsWithAt' : 'validation.nameIsEmail');
    const birth = birthDateProblem(v.birth_date, ctx.today);
    if (birth)
      fail('birth_date', birth === 'invalid' ? 'validation.birthDateInvalid' : 'validation.birthDateMinAge');
    if (!ctx.countries.includes(v.country)) fail('country', 'validation.country');
    const regions = ctx.regionsOf?.(v.country);
    if (v.region !== null && regions && !regions.includes(v.region)) fail('region', 'validation.region');
    if (v.seeking_min_age > v.seeking_max_age) fail('seeking_max_age', 'validation.seekingRange');
  });
}

/** The member's own profile, every field as stored (GET and PUT /api/profile.php). */
export const ownProfile = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    gender: z.enum(GENDERS),
    sexuality: z.enum(SEXUALITIES),
    birth_date: z.string(),
    age: z.number().int(),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    hair_colour: z.enum(HAIR_COLOURS).nullable(),
    eye_colour: z.enum(EYE_COLOURS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    tattoos: z.enum(TATTOOS).nullable(),
    reason: z.enum(REASONS).nullable(),
    about: z.string(),
    country: z.string(),
    region: z.string().nullable(),
    seeking_gender: z.enum(GENDERS).nullable(),
    seeking_min_age: z.number().int().nullable(),
    seeking_max_age: z.number().int().nullable(),
    interests: z.array(z.number().int()),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.infer<typeof ownProfile>;

export const ownProfileResponse = z.object({ profile: ownProfile });
export type OwnProfileResponse = z.infer<typeof ownProfileResponse>;
