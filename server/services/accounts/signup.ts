import { and, eq, inArray } from 'drizzle-orm';
import type { CompleteSignupBody, SignupBody, SignupProfile } from '../../../common/api/signup';
import { type Locale, MAX_AGE, MIN_AGE, REACTIVATION_DAYS } from '../../../common/constants';
import { ageOn } from '../../../common/rules/age';
import { landerOf } from '../../../common/rules/landers';
import { sexualityFor, signupsAllowed } from '../../../common/rules/signup';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { interests, members, profileInterests, profiles, regions, signupMessages } from '../../db/schema';
import { translate } from '../../i18n';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import { announceBalance, changeBalance } from '../money/ledger';
import { enforceAtSignup } from '../safety/moderation/enforcement';
import type { Site } from '../sites/sites';
import { addressOnSite } from './account';
import { hashPassword } from './passwords';

/** The age range a new member is shown first: their own age give or take this, within 18–99. */
const SEEKING_AGE_SPREAD = 10;

/**
 * Creates a member from the signup form: status not_confirmed, the profile disabled until the
 * address is confirmed, the site's signup_credits with their ledger row in the same transaction.
 * An address that already has an account gets `account_exists` (the form links to login); one whose
 * account was deleted gets `account_deleted` (the reactivation note). Returns the new member's id.
 */
export async function signup(
  services: Services,
  input: { site: Site; body: SignupBody; locale: Locale; country: string; address: string },
): Promise<number> {
  const { db } = services;
  const now = services.now();
  const { site, body } = input;
  if (!signupsAllowed(site.settings.signups, body.tracking?.network))
    throw new ApiError(403, 'signups_closed');
  const perHour = services.config.signupsPerAddressPerHour;
  const rate = await hitRate(db, `signup:address:${input.address}`, perHour, 3600, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
  await enforceAtSignup(db, body.email, input.address);

  const [existing] = await db
    .select({ id: members.id, deletedAt: members.deletedAt })
    .from(members)
    .where(addressOnSite(site.id, body.email));
  if (existing?.deletedAt) throw new ApiError(409, 'account_deleted', { days: REACTIVATION_DAYS });
  if (existing) throw new ApiError(409, 'account_exists');

  const passwordHash = await hashPassword(body.password);
  const credits = site.settings.signup_credits;
  const age = ageOn(body.date_of_birth, now);
  const tracking: Record<string, string> = Object.fromEntries(
    Object.entries(body.tracking ?? {}).filter((e): e is [string, string] => Boolean(e[1])),
  );
  // Reports count signups per lander: the page the visit began on names it.
  if (tracking.landing) tracking.lander = landerOf(tracking.landing);
  try {
    const created = await db.transaction(async (tx) => {
      const [member] = await tx
        .insert(members)
        .values({
          siteId: site.id,
          email: body.email,
          passwordHash,
          status: 'not_confirmed',
          language: input.locale,
          tracking,
          signupDate: now,
          lastActiveAt: now,
          lastIp: input.address,
        })
        .returning({ id: members.id });
      if (!member) throw new Error('member not inserted');
      await tx.insert(profiles).values({
        memberId: member.id,
        siteId: site.id,
        name: body.name,
        gender: body.gender,
        sexuality: sexualityFor(body.gender, body.seeking_gender),
        birthDate: body.date_of_birth,
        country: input.country,
        status: 'disabled',
        seekingGender: body.seeking_gender,
        seekingMinAge: Math.max(MIN_AGE, age - SEEKING_AGE_SPREAD),
        seekingMaxAge: Math.min(MAX_AGE, age + SEEKING_AGE_SPREAD),
      });
      const bonus =
        credits > 0
          ? await changeBalance(tx, { memberId: member.id, delta: credits, reason: 'signup_bonus', at: now })
          : null;
      await keepSignupMessage(tx, site.id, member.id, body, now);
      return { id: member.id, bonus };
    });
    if (created.bonus) announceBalance(services.events, created.id, created.bonus.balanceAfter);
    return created.id;
  } catch (err) {
    // Two signups with one address at once: the unique index lets one win.
    if (isUniqueViolation(err)) throw new ApiError(409, 'account_exists');
    throw err;
  }
}

/** The answers /complete-signup starts from. */
export async function signupProfile(db: Db, memberId: number): Promise<SignupProfile> {
  const [p] = await db.select().from(profiles).where(eq(profiles.memberId, memberId));
  if (!p) throw new ApiError(404, 'not_found');
  const chosen = await db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.memberId, memberId));
  return {
    country: p.country,
    gender: p.gender,
    sexuality: p.sexuality,
    relationship_status: p.relationshipStatus,
    hair_colour: p.hairColour,
    eye_colour: p.eyeColour,
    body_type: p.bodyType,
    tattoos: p.tattoos,
    reason: p.reason,
    region: p.regionCode,
    seeking_gender: p.seekingGender,
    seeking_min_age: p.seekingMinAge ?? MIN_AGE,
    seeking_max_age: p.seekingMaxAge ?? MAX_AGE,
    interests: chosen.map((c) => c.id).sort((a, b) => a - b),
  };
}

/**
 * Saves the rest of the profile (/complete-signup). The region must be one of the member's
 * country and every interest must exist; the interests are replaced as a whole.
 */
export async function completeSignup(
  db: Db,
  memberId: number,
  body: CompleteSignupBody,
  locale: Locale,
): Promise<void> {
  const [p] = await db
    .select({ country: profiles.country })
    .from(profiles)
    .where(eq(profiles.memberId, memberId));
  if (!p) throw new ApiError(404, 'not_found');
  const fields: Record<string, string> = {};
  if (body.region !== null) {
    const [region] = await db
      .select({ code: regions.code })
      .from(regions)
      .where(and(eq(regions.country, p.country), eq(regions.code, body.region)));
    if (!region) fields.region = translate(locale, 'validation.region');
  }
  if (body.interests.length > 0) {
    const known = await db
      .select({ id: interests.id })
      .from(interests)
      .where(inArray(interests.id, body.interests));
    if (known.length !== body.interests.length) fields.interests = translate(locale, 'validation.choose');
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'invalid_input', { fields });

  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        sexuality: body.sexuality,
        relationshipStatus: body.relationship_status,
        hairColour: body.hair_colour,
        eyeColour: body.eye_colour,
        bodyType: body.body_type,
        tattoos: body.tattoos,
        reason: body.reason,
        regionCode: body.region,
        seekingMinAge: body.seeking_min_age,
        seekingMaxAge: body.seeking_max_age,
      })
      .where(eq(profiles.memberId, memberId));
    await tx.delete(profileInterests).where(eq(profileInterests.memberId, memberId));
    if (body.interests.length > 0)
      await tx
        .insert(profileInterests)
        .values(body.interests.map((interestId) => ({ memberId, interestId })));
  });
}

/**
 * The first message written on a member landing, kept with the new account until it is activated
 * (chat/signup-message.ts sends it then). Only to a member of this site; anything else is dropped,
 * as the landing would not have shown one: whether the new member may write to them is decided
 * when it is sent.
 */
async function keepSignupMessage(
  tx: Tx,
  siteId: number,
  memberId: number,
  body: Pick<SignupBody, 'signup_message' | 'signup_member'>,
  now: Date,
) {
  const text = body.signup_message?.trim();
  if (!text || body.signup_member === undefined || body.signup_member === memberId) return;
  const [recipient] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, body.signup_member), eq(members.siteId, siteId)));
  if (!recipient) return;
  await tx.insert(signupMessages).values({ memberId, recipientId: recipient.id, body: text, createdAt: now });
}
