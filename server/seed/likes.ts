import type { Column } from './bulk';
import type { DemoMember } from './people';
import type { Rng } from './rng';

/** How many demo members like each site's demo login: enough to fill its likes page and badge. */
export const DEMO_LOGIN_LIKERS = 9;
/**
 * What becomes of the demo login's likers, in order: unseen (the badge, the "new" marks and the like
 * modal), liked back (a match) or just seen. Mixed from the start, so that a small seed with only a
 * few fitting members still shows every kind.
 */
const DEMO_LOGIN_PATTERN = [
  'unseen',
  'match',
  'unseen',
  'match',
  'unseen',
  'unseen',
  'seen',
  'seen',
  'seen',
] as const;
const DAY_MS = 86_400_000;

type Like = { liker: number; liked: number; at: number; seen: number | null };

/**
 * The likes of one batch of demo members, as bulk columns. Members like a few others of the same
 * batch and site whose gender they seek, some of whom like them back (matches); each site's demo
 * login gets DEMO_LOGIN_LIKERS likers, some unseen, so a fresh start shows real likes. Only pairs
 * inside a batch: no lookup of earlier rows, so a million members seed as fast as before.
 * `demoLikers` counts, across batches, the likers each site's demo login already has.
 */
export function likeColumns(input: {
  batch: DemoMember[];
  memberIds: number[];
  /** Each site's demo login member id, from this batch or an earlier seed. */
  demoIds: Map<number, number>;
  demoLikers: Map<number, number>;
  now: Date;
  rng: Rng;
}): Column[] {
  const { batch, memberIds, demoIds, demoLikers, now, rng } = input;
  const nowMs = now.getTime();
  const byKey = new Map<string, number[]>();
  batch.forEach((m, i) => {
    if (m.login) return;
    const key = `${m.site.id}:${m.gender}`;
    const group = byKey.get(key);
    if (group) group.push(i);
    else byKey.set(key, [i]);
  });
  const likes = new Map<string, Like>();
  const signup = (i: number) => (batch[i] as DemoMember).signupDate.getTime();
  const add = (liker: number, liked: number, after: number, seenChance: number) => {
    const key = `${liker}:${liked}`;
    if (liker === liked || likes.has(key)) return;
    const at = after + rng.next() * (nowMs - after);
    likes.set(key, {
      liker,
      liked,
      at,
      seen: rng.chance(seenChance) ? at + rng.next() * (nowMs - at) : null,
    });
  };

  batch.forEach((m, i) => {
    if (m.login) return;
    const candidates = byKey.get(`${m.site.id}:${m.seekingGender}`) ?? [];
    for (const j of rng.sample(candidates, rng.int(0, 3))) {
      const after = Math.max(signup(i), signup(j));
      add(memberIds[i] as number, memberIds[j] as number, after, 0.7);
      const other = batch[j] as DemoMember;
      // A like back only from someone who seeks this member's gender: a match that makes sense.
      if (other.seekingGender === m.gender && rng.chance(0.3))
        add(memberIds[j] as number, memberIds[i] as number, after, 0.7);
    }
  });

  for (const [siteId, demoId] of demoIds) {
    const had = demoLikers.get(siteId) ?? 0;
    if (had >= DEMO_LOGIN_LIKERS) continue;
    const fitting = (byKey.get(`${siteId}:female`) ?? []).filter((i) => {
      // Likers the demo login can see: visible, active members with an active profile.
      const m = batch[i] as DemoMember;
      return m.status === 'active' && !m.invisible && m.profileStatus === 'active';
    });
    const likers = rng.sample(fitting, DEMO_LOGIN_LIKERS - had);
    likers.forEach((i, n) => {
      const liker = memberIds[i] as number;
      const kind = DEMO_LOGIN_PATTERN[(had + n) % DEMO_LOGIN_PATTERN.length];
      // Unseen likes are recent (today); seen ones older, so "new first" reads naturally.
      const at = kind === 'unseen' ? nowMs - rng.next() * DAY_MS : nowMs - (1 + rng.next() * 20) * DAY_MS;
      const seen = kind === 'unseen' ? null : at + DAY_MS / 2;
      likes.set(`${liker}:${demoId}`, { liker, liked: demoId, at, seen });
      if (kind === 'match')
        likes.set(`${demoId}:${liker}`, {
          liker: demoId,
          liked: liker,
          at: at + DAY_MS / 2,
          seen: at + DAY_MS,
        });
    });
    demoLikers.set(siteId, had + likers.length);
  }

  const rows = [...likes.values()];
  const iso = (ms: number | null) => (ms === null ? null : new Date(Math.floor(ms)).toISOString());
  return [
    ['liker_id', 'bigint', rows.map((r) => r.liker)],
    ['liked_id', 'bigint', rows.map((r) => r.liked)],
    ['created_at', 'timestamptz', rows.map((r) => iso(r.at))],
    ['seen_at', 'timestamptz', rows.map((r) => iso(r.seen))],
    // A seeded match was seen by both long ago: the demo login opens on no match moment.
    [
      'match_seen_at',
      'timestamptz',
      rows.map((r) => {
        const back = likes.get(`${r.liked}:${r.liker}`);
        return back ? iso(Math.max(r.at, back.at)) : null;
      }),
    ],
  ];
}
