import type { Column } from './bulk';
import { emailSlug } from './names';
import type { DemoMember } from './people';
import { ORIGINAL, type PoolLook } from './pool';
import type { Rng } from './rng';

export const DEMO_DOMAIN = 'demo.invalid';
export const DEMO_EMAIL = `demo@${DEMO_DOMAIN}`;
/** The login of a member within the welcome discount (a day after signup), beside the demo login. */
export const WELCOME_EMAIL = `welcome@${DEMO_DOMAIN}`;

export type BatchColumns = {
  members: Column[];
  profiles: Column[];
  interests: Column[];
  photos: Column[];
  ledger: Column[];
};

/**
 * Turns a batch of demo members, with their reserved ids and chosen photos, into the columns of
 * every table they fill. `.invalid` addresses can never receive mail, and the member id in them
 * keeps them unique however often the seed runs.
 */
export function batchColumns(input: {
  batch: DemoMember[];
  memberIds: number[];
  photoIds: number[];
  looks: PoolLook[][];
  passwordHashes: Map<number, string>;
  rng: Rng;
}): BatchColumns {
  const { batch, memberIds, photoIds, looks, passwordHashes, rng } = input;
  const col = <T>(rows: readonly T[], pick: (row: T) => unknown) => rows.map(pick);
  const withIds = batch.map((member, i) => ({ member, id: memberIds[i] as number }));

  const photoRows: {
    id: number;
    memberId: number;
    look: PoolLook;
    position: number;
    status: string;
    at: string;
  }[] = [];
  const mainPhoto = new Map<number, number>();
  let next = 0;
  withIds.forEach(({ member, id }, i) => {
    const span = member.lastActiveAt.getTime() - member.signupDate.getTime();
    (looks[i] as PoolLook[]).forEach((look, position) => {
      const photoId = photoIds[next++] as number;
      if (position === 0) mainPhoto.set(id, photoId);
      photoRows.push({
        id: photoId,
        memberId: id,
        look,
        position,
        // The main photo is always approved; the others are mostly approved, a few still in review.
        status:
          position === 0
            ? 'approved'
            : rng.weighted([
                ['approved', 92],
                ['pending', 6],
                ['rejected', 2],
              ] as const),
        at: new Date(member.signupDate.getTime() + rng.next() * span).toISOString(),
      });
    });
  });

  const interestRows = withIds.flatMap(({ member, id }) =>
    member.interestIds.map((interestId) => ({ id, interestId })),
  );
  const ledgerRows = withIds.flatMap(({ member, id }) => member.ledger.map((entry) => ({ id, entry })));

  return {
    members: [
      ['id', 'bigint', memberIds],
      ['site_id', 'int', col(batch, (m) => m.site.id)],
      [
        'email',
        'text',
        col(withIds, ({ member, id }) =>
          member.login === 'welcome'
            ? WELCOME_EMAIL
            : member.login
              ? DEMO_EMAIL
              : `${emailSlug(member.name)}.${id}@${DEMO_DOMAIN}`,
        ),
      ],
      [
        'password_hash',
        'text',
        col(batch, (m) => (m.login ? (passwordHashes.get(m.site.id) ?? null) : null)),
      ],
      ['status', 'member_status', col(batch, (m) => m.status)],
      ['credits', 'int', col(batch, (m) => m.credits)],
      ['paid_user', 'bool', col(batch, (m) => m.paidUser)],
      ['language', 'text', col(batch, (m) => m.language)],
      ['invisible', 'bool', col(batch, (m) => m.invisible)],
      ['signup_date', 'timestamptz', col(batch, (m) => m.signupDate.toISOString())],
      ['last_active_at', 'timestamptz', col(batch, (m) => m.lastActiveAt.toISOString())],
    ],
    profiles: [
      ['member_id', 'bigint', memberIds],
      ['site_id', 'int', col(batch, (m) => m.site.id)],
      ['name', 'text', col(batch, (m) => m.name)],
      ['gender', 'gender', col(batch, (m) => m.gender)],
      ['sexuality', 'sexuality', col(batch, (m) => m.sexuality)],
      ['birth_date', 'date', col(batch, (m) => m.birthDate)],
      ['relationship_status', 'relationship_status', col(batch, (m) => m.relationshipStatus)],
      ['hair_colour', 'hair_colour', col(batch, (m) => m.hairColour)],
      ['eye_colour', 'eye_colour', col(batch, (m) => m.eyeColour)],
      ['body_type', 'body_type', col(batch, (m) => m.bodyType)],
      ['tattoos', 'tattoos', col(batch, (m) => m.tattoos)],
      ['reason', 'reason', col(batch, (m) => m.reason)],
      ['about', 'text', col(batch, (m) => m.about)],
      ['country', 'text', col(batch, (m) => m.country)],
      ['region_code', 'text', col(batch, (m) => m.regionCode)],
      ['status', 'profile_status', col(batch, (m) => m.profileStatus)],
      ['main_photo_id', 'bigint', col(memberIds, (id) => mainPhoto.get(id) ?? null)],
      ['seeking_gender', 'gender', col(batch, (m) => m.seekingGender)],
      ['seeking_min_age', 'smallint', col(batch, (m) => m.seekingMinAge)],
      ['seeking_max_age', 'smallint', col(batch, (m) => m.seekingMaxAge)],
      ['fictional', 'bool', col(batch, (m) => m.fictional)],
    ],
    interests: [
      ['member_id', 'bigint', col(interestRows, (r) => r.id)],
      ['interest_id', 'smallint', col(interestRows, (r) => r.interestId)],
    ],
    photos: [
      ['id', 'bigint', col(photoRows, (r) => r.id)],
      ['member_id', 'bigint', col(photoRows, (r) => r.memberId)],
      ['original_key', 'text', col(photoRows, (r) => r.look.originalKey)],
      ['thumb_key', 'text', col(photoRows, (r) => r.look.thumbKey)],
      ['blurred_key', 'text', col(photoRows, (r) => r.look.blurredKey)],
      ['width', 'int', col(photoRows, () => ORIGINAL.width)],
      ['height', 'int', col(photoRows, () => ORIGINAL.height)],
      ['premium', 'bool', col(photoRows, (r) => r.look.premium)],
      ['status', 'photo_status', col(photoRows, (r) => r.status)],
      ['position', 'smallint', col(photoRows, (r) => r.position)],
      ['created_at', 'timestamptz', col(photoRows, (r) => r.at)],
      // Demo photos a moderator already saw, but those still pending: they fill the moderation queue.
      ['reviewed_at', 'timestamptz', col(photoRows, (r) => (r.status === 'pending' ? null : r.at))],
    ],
    ledger: [
      ['member_id', 'bigint', col(ledgerRows, (r) => r.id)],
      ['delta', 'int', col(ledgerRows, (r) => r.entry.delta)],
      ['balance_after', 'int', col(ledgerRows, (r) => r.entry.balanceAfter)],
      ['reason', 'credit_reason', col(ledgerRows, (r) => r.entry.reason)],
      ['reference', 'text', col(ledgerRows, (r) => r.entry.reference)],
      ['created_at', 'timestamptz', col(ledgerRows, (r) => r.entry.at.toISOString())],
    ],
  };
}
