import { z } from 'zod';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../profile-options';
import { newPassword } from '../rules/password';
import { birthDateProblem, nameProblem } from '../rules/signup';
import { errorResponse } from './errors';
import { emailAddress } from './fields';
import { profileCard } from './profile';
import { choice, NAME_MAX, NAME_MIN, profileEditBody } from './profile-edit';
import { currentUser } from './user';

/** The longest first message a signup carries (a site's message_length may be shorter: it applies on sending). */
export const SIGNUP_MESSAGE_MAX = 2000;

/** The tracking values stored: kept from the landing URL and saved with the account. */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const trackingValue = z.string().trim().max(100).optional();
export const trackingValues = z.object({
  network: trackingValue,
  ref: trackingValue,
  sub1: trackingValue,
  sub2: trackingValue,
  sub3: trackingValue,
  /** The page the visit with these values began on: its lander (for the reports) is kept too. */
  landing: z.string().trim().max(300).startsWith('/').optional(),
});
export type TrackingValues = z.infer<typeof trackingValues>;

/** POST /api/visit.php: a visitor's first page of a visit, with the traffic source. */
export const visitRequest = z
  .object({
    path: z.string().trim().min(1).max(300).startsWith('/'),
    tracking: trackingValues.optional(),
    /** A random id the browser keeps: one browser's visits are limited apart from its address's. */
    visitor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/)
      .optional(),
  })
  .strict();
/** The visit is logged without an answer (204), also when a limit leaves it uncounted. */
export const visitResponse = z.null();

/** The fields of the signup form (the signup form draft plus who one is and seeks). */
export const signupFields = z.object({
  email: emailAddress,
  name: z.string().trim().min(NAME_MIN, 'validation.nameLength').max(NAME_MAX, 'validation.nameLength'),
  password: newPassword,
  date_of_birth: z.string().max(10, 'validation.birthDateInvalid'),
  gender: choice(GENDERS),
  seeking_gender: choice(GENDERS),
  tracking: trackingValues.optional(),
  /**
   * A first message to the member whose landing the visitor signs up on (`signup_member`): sent to
   * them once the new account is activated, at the site's price of a first message.
   */
  signup_message: z.string().trim().max(SIGNUP_MESSAGE_MAX, 'validation.signupMessageLength').optional(),
  signup_member: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
export type SignupBody = z.infer<typeof signupFields>;

const BIRTH_DATE_MESSAGES = {
  required: 'validation.birthDateMinAge',
  too_young: 'validation.birthDateMinAge',
  invalid: 'validation.birthDateInvalid',
} as const;

/**
 * POST /api/signup.php: the form's and the server's one rule set. `now` is the clock of
 * whoever validates (the browser's, or the server's injectable one). The cross-field checks run even
 * when another field is still wrong, so the form shows every problem at once.
 */
export function signupRequest(now: () => Date) {
  return signupFields.check((ctx) => {
    const v = ctx.value as Partial<SignupBody>;
    const birth = birthDateProblem(typeof v.date_of_birth === 'string' ? v.date_of_birth : '', now());
    if (birth)
      ctx.issues.push({
        code: 'custom',
        path: ['date_of_birth'],
        message: BIRTH_DATE_MESSAGES[birth],
        input: v.date_of_birth,
      });
    const name = nameProblem(String(v.name ?? ''), String(v.email ?? ''));
    if (name)
      ctx.issues.push({
        code: 'custom',
        path: ['name'],
        message: name === 'name_at' ? 'validation.nameStartsWithAt' : 'validation.nameIsEmail',
        input: v.name,
      });
  });
}

export const signupResponse = z.object({ user: currentUser });
/** 409 `account_deleted` names the days within which the account can be reactivated. */
export const signupErrorResponse = errorResponse.extend({ days: z.number().int().optional() });
export type SignupResponse = z.infer<typeof signupResponse>;

/** PUT /api/signup.php: the profile fields the signup form did not ask (/complete-signup), by the profile's rules. */
export const completeSignupRequest = profileEditBody
  .pick({
    sexuality: true,
    relationship_status: true,
    hair_colour: true,
    eye_colour: true,
    body_type: true,
    tattoos: true,
    reason: true,
    region: true,
    seeking_min_age: true,
    seeking_max_age: true,
    interests: true,
  })
  .refine((v) => v.seeking_min_age <= v.seeking_max_age, {
    path: ['seeking_max_age'],
    message: 'validation.seekingRange',
  });
export type CompleteSignupBody = z.infer<typeof completeSignupRequest>;

/** What /complete-signup starts from: the new member's answers so far and their country. */
export const signupProfile = z
  .object({
    country: z.string(),
    gender: z.enum(GENDERS),
    sexuality: z.enum(SEXUALITIES),
    relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
    hair_colour: z.enum(HAIR_COLOURS).nullable(),
    eye_colour: z.enum(EYE_COLOURS).nullable(),
    body_type: z.enum(BODY_TYPES).nullable(),
    tattoos: z.enum(TATTOOS).nullable(),
    reason: z.enum(REASONS).nullable(),
    region: z.string().nullable(),
    seeking_gender: z.enum(GENDERS).nullable(),
    seeking_min_age: z.number().int(),
    seeking_max_age: z.number().int(),
    interests: z.array(z.number().int()),
  })
  .meta({ id: 'SignupProfile' });
export type SignupProfile = z.infer<typeof signupProfile>;
export const signupProfileResponse = z.object({ profile: signupProfile });
export type SignupProfileResponse = z.infer<typeof signupProfileResponse>;

/** GET /api/signup-matches.php: members who fit the new member's wishes, photos first. */
export const signupMatchesResponse = z.object({ profiles: z.array(profileCard) });
export type SignupMatchesResponse = z.infer<typeof signupMatchesResponse>;
