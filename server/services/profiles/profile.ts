import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type OwnProfile,
  type ProfileEditBody,
  profileEditSchema,
  VALIDATION_VARS,
} from '../../../common/api/profile-edit';
import type { Locale } from '../../../common/constants';
import type { Db } from '../../db/client';
import { members, profileInterests, profiles } from '../../db/schema';
import { translate } from '../../i18n';
import { ApiError } from '../../plugins/errors';
import { presentOwnProfile } from '../../presenters/own-profile';
import type { Services } from '../bag';
import type { Site } from '../sites/sites';
import { listRegions } from './regions';

export async function ownProfile(db: Db, memberId: number, now: Date): Promise<OwnProfile> {
  const [row] = await db
    .select({ email: members.email, profile: profiles })
    .from(members)
    .innerJoin(profiles, eq(profiles.memberId, members.id))
    .where(eq(members.id, memberId));
  if (!row) throw new ApiError(404, 'not_found');
  const interests = await db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.memberId, memberId))
    .orderBy(asc(profileInterests.interestId));
  return presentOwnProfile(
    row,
    row.profile,
    interests.map((i) => i.id),
    now,
  );
}

/** Zod's issues as `{ field: message }`, each message in the member's language. */
export function fieldErrors(error: z.ZodError, locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    // Messages of our own rules are catalog keys; zod's built-in ones (a wrong type, which the form
    // never sends) get the generic text, so no English leaks into another language.
    const message = issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
    fields[key] ??= translate(locale, message, VALIDATION_VARS);
  }
  return fields;
}

/**
 * Validates an edit with the form's own schema (the member's e-mail, the site's countries, the
 * regions of the chosen country) and saves the profile and its interests in one transaction.
 */
export async function updateOwnProfile(
  services: Services,
  site: Site,
  memberId: number,
  input: unknown,
  locale: Locale,
): Promise<OwnProfile> {
  const { db } = services;
  const [member] = await db.select({ email: members.email }).from(members).where(eq(members.id, memberId));
  if (!member) throw new ApiError(404, 'not_found');
  const country = (input as { country?: unknown } | null)?.country;
  const regions =
    typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? await listRegions(db, country) : [];
  const schema = profileEditSchema({
    email: member.email,
    countries: site.settings.countries,
    today: services.now(),
    regionsOf: () => regions.map((r) => r.code),
  });
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new ApiError(400, 'invalid_input', { fields: fieldErrors(parsed.error, locale) });
  await save(db, memberId, parsed.data);
  return ownProfile(db, memberId, services.now());
}

async function save(db: Db, memberId: number, v: ProfileEditBody) {
  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        name: v.name,
        gender: v.gender,
        sexuality: v.sexuality,
        birthDate: v.birth_date,
        relationshipStatus: v.relationship_status,
        hairColour: v.hair_colour,
        eyeColour: v.eye_colour,
        bodyType: v.body_type,
        tattoos: v.tattoos,
        reason: v.reason,
        about: v.about,
        country: v.country,
        regionCode: v.region,
        seekingGender: v.seeking_gender,
        seekingMinAge: v.seeking_min_age,
        seekingMaxAge: v.seeking_max_age,
      })
      .where(eq(profiles.memberId, memberId));
    await tx.delete(profileInterests).where(eq(profileInterests.memberId, memberId));
    if (v.interests.length)
      await tx.insert(profileInterests).values(v.interests.map((interestId) => ({ memberId, interestId })));
  });
}
