import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TIME_BONUS_SECONDS, WELCOME_DISCOUNT_HOURS } from '../../common/constants';
import type { Db } from '../db/client';
import { interests, likes, members, regions, sites } from '../db/schema';
import type { Storage } from '../infra/storage';
import { hashPassword } from '../services/accounts/passwords';
import { type Column, insertColumns, reserveIds } from './bulk';
import { seedDemoChats } from './chats';
import { type HistoryColumns, historyColumns, planHistory, seedSiteHistory, writeHistory } from './history';
import { likeColumns } from './likes';
import {
  type DemoLoginKind,
  type DemoMember,
  demoLoginMember,
  demoMember,
  type SeedSite,
  WELCOME_LOGIN_AGE_MS,
} from './people';
import { type Pool, type PoolLook, type PoolSize, preparePool } from './pool';
import { createRng, type Rng } from './rng';
import { type BatchColumns, batchColumns, DEMO_EMAIL, WELCOME_EMAIL } from './rows';

export { DEMO_EMAIL, WELCOME_EMAIL } from './rows';
/** The password of each site's demo logins; every other demo member has no password at all. */
export const DEMO_PASSWORD = 'demo-password-1';

/** Regions in the list where nobody would live (military post codes, polar islands, outlying atolls). */
const UNINHABITED = new Set([
  'US-AA',
  'US-AE',
  'US-AP',
  'US-UM',
  'US-FM',
  'US-MH',
  'US-PW',
  'FR-CP',
  'FR-TF',
  'NO-21',
  'NO-22',
]);

export type SeedProgress = { phase: 'portraits' | 'members'; done: number; total: number };

export type SeedOptions = {
  db: Db;
  storage: Storage;
  count: number;
  now: Date;
  onProgress?: (progress: SeedProgress) => void;
  rng?: Rng;
  /** Where the rendered portrait pool is remembered (DATA_DIR/media/demo-pool.json). */
  poolCacheFile?: string;
  poolSize?: PoolSize;
  /** Members per transaction: large enough to be fast, small enough to show progress. */
  batchSize?: number;
};

export type DemoLogin = {
  siteId: number;
  domain: string;
  email: string;
  password: string;
  kind: DemoLoginKind;
};

const LOGIN_EMAILS: Record<DemoLoginKind, string> = { demo: DEMO_EMAIL, welcome: WELCOME_EMAIL };
const loginKind = (email: string): DemoLoginKind =>
  email.toLowerCase() === WELCOME_EMAIL ? 'welcome' : 'demo';
const isLogin = inArray(sql`lower(${members.email})`, Object.values(LOGIN_EMAILS));

async function loadSites(db: Db): Promise<SeedSite[]> {
  const rows = await db.select().from(sites).orderBy(asc(sites.id));
  return rows
    .map((row) => {
      const s = row.settings as {
        countries?: string[];
        domain_language?: string | null;
        signup_credits?: number;
        fictional_warning?: string | null;
      };
      return {
        id: row.id,
        domain: row.domain,
        countries: s.countries ?? [],
        domainLanguage: s.domain_language ?? null,
        signupCredits: s.signup_credits ?? 0,
        hasFictional: Boolean(s.fictional_warning),
      };
    })
    .filter((s) => s.countries.length > 0);
}

/** The demo logins of every site that has them, for the start-up banner: the demo login first. */
export async function demoLogins(db: Db): Promise<DemoLogin[]> {
  const rows = await db
    .select({ siteId: sites.id, domain: sites.domain, email: members.email })
    .from(members)
    .innerJoin(sites, eq(sites.id, members.siteId))
    .where(isLogin)
    .orderBy(asc(sites.id), asc(members.email));
  return rows.map((r) => ({ ...r, password: DEMO_PASSWORD, kind: loginKind(r.email) }));
}

/**
 * The welcome login is a day past its signup when seeded; a demo that keeps its database for days
 * would see it age out of the welcome discount. At each start, one that has not bought anything and
 * left the window (or is still in its time bonus) is moved back to a day after its signup.
 */
export async function renewWelcomeLogins(db: Db, now: Date): Promise<void> {
  const signup = new Date(now.getTime() - WELCOME_LOGIN_AGE_MS);
  await db
    .update(members)
    .set({ signupDate: signup })
    .where(
      and(
        eq(sql`lower(${members.email})`, WELCOME_EMAIL),
        eq(members.paidUser, false),
        sql`(${members.signupDate} > ${new Date(now.getTime() - TIME_BONUS_SECONDS * 1000)}
          or ${members.signupDate} <= ${new Date(now.getTime() - WELCOME_DISCOUNT_HOURS * 3_600_000)})`,
      ),
    );
}

/** The photos of one member: several looks of one pool person who fits the member's gender and hair. */
export function photoLooks(pool: Pool, member: DemoMember, rng: Rng): PoolLook[] {
  const sameGender = pool.persons.filter((p) => p.gender === member.gender);
  const sameHair = sameGender.filter((p) => p.hair === member.hairColour);
  const person = rng.pick(sameHair.length > 0 ? sameHair : sameGender);
  const open = rng.sample(
    person.looks.filter((l) => !l.premium),
    person.looks.length,
  );
  const premium = rng.sample(
    person.looks.filter((l) => l.premium),
    person.looks.length,
  );
  // The first photo becomes the main photo, which is always public.
  const chosen = open.splice(0, 1);
  while (chosen.length < member.photoCount && open.length + premium.length > 0) {
    const fromPremium = premium.length > 0 && (open.length === 0 || rng.chance(0.35));
    chosen.push((fromPremium ? premium : open).shift() as PoolLook);
  }
  return chosen;
}

/**
 * Creates `count` believable demo members spread over the configured sites, with profiles,
 * interests, photos from the rendered portrait pool and credits that match their ledger. A site
 * without its demo login gets one first. Rows go in per batch: one transaction and five
 * statements for every `batchSize` members.
 */
export async function seedDemo(opts: SeedOptions): Promise<{ members: number; logins: DemoLogin[] }> {
  const { db, now, count } = opts;
  const rng = opts.rng ?? createRng(now.getTime() % 2 ** 32);
  const batchSize = opts.batchSize ?? 5000;
  const seedSites = await loadSites(db);
  if (seedSites.length === 0) throw new Error('No site with countries is configured: check the sites file.');

  const regionsByCountry = new Map<string, string[]>();
  for (const r of await db.select({ country: regions.country, code: regions.code }).from(regions)) {
    if (UNINHABITED.has(r.code)) continue;
    regionsByCountry.set(r.country, [...(regionsByCountry.get(r.country) ?? []), r.code]);
  }
  const interestIds = (await db.select({ id: interests.id }).from(interests)).map((r) => r.id);
  if (interestIds.length < 8)
    throw new Error('The interests table is not filled: run the migrations and syncInterests first.');

  const pool = await preparePool({
    storage: opts.storage,
    cacheFile: opts.poolCacheFile,
    size: opts.poolSize,
    onProgress: (done, total) => opts.onProgress?.({ phase: 'portraits', done, total }),
  });

  const existing = await db
    .select({ siteId: members.siteId, id: members.id, email: members.email })
    .from(members)
    .where(
      and(
        inArray(
          members.siteId,
          seedSites.map((s) => s.id),
        ),
        isLogin,
      ),
    );
  const withLogin = new Set(existing.map((r) => `${r.siteId}:${loginKind(r.email)}`));
  const existingLogins = existing.filter((r) => loginKind(r.email) === 'demo');
  // The demo login of each site, which demo members like; a login added below joins in its batch.
  const demoIds = new Map(existingLogins.map((r) => [r.siteId, r.id] as const));
  // Likers a demo login already has, so seeding again does not pile more onto it.
  const demoLikers = new Map<number, number>();
  if (existingLogins.length > 0) {
    const counts = await db
      .select({ id: likes.likedId, n: sql<number>`count(*)::int` })
      .from(likes)
      .where(
        inArray(
          likes.likedId,
          existingLogins.map((r) => r.id),
        ),
      )
      .groupBy(likes.likedId);
    for (const login of existingLogins)
      demoLikers.set(login.siteId, counts.find((c) => c.id === login.id)?.n ?? 0);
  }
  const needLogin = seedSites
    .flatMap((site) => (['demo', 'welcome'] as const).map((kind) => ({ site, kind })))
    .filter((l) => !withLogin.has(`${l.site.id}:${l.kind}`))
    .slice(0, count);
  const history = await planHistory(db, now);
  const loginSites = [...new Set(needLogin.map((l) => l.site.id))];
  const passwordHashes = new Map(
    await Promise.all(loginSites.map(async (id) => [id, await hashPassword(DEMO_PASSWORD)] as const)),
  );

  const makeBatch = async (first: number, size: number) => {
    const batch = Array.from({ length: size }, (_, i) => {
      const login = needLogin[first + i];
      const site = seedSites[(first + i) % seedSites.length] as SeedSite;
      return login
        ? demoLoginMember(login.site, regionsByCountry, interestIds, now, rng, login.kind)
        : demoMember(site, regionsByCountry, interestIds, now, rng);
    });
    const looks = batch.map((member) => photoLooks(pool, member, rng));
    const memberIds = await reserveIds(db, 'members', size);
    const photoIds = await reserveIds(
      db,
      'photos',
      looks.reduce((n, l) => n + l.length, 0),
    );
    batch.forEach((member, i) => {
      if (member.login === 'demo') demoIds.set(member.site.id, memberIds[i] as number);
    });
    // Before the rows: a recent purchase joins its member's ledger.
    const recent = historyColumns(history, batch, memberIds);
    const columns = batchColumns({ batch, memberIds, photoIds, looks, passwordHashes, rng });
    columns.members.push(recent.tracking);
    return { ...columns, likes: likeColumns({ batch, memberIds, demoIds, demoLikers, now, rng }), recent };
  };
  const writeBatch = (columns: BatchColumns & { likes: Column[]; recent: HistoryColumns }) =>
    db.transaction(async (tx) => {
      await insertColumns(tx, 'members', columns.members, { overridingSystemValue: true });
      // Photos before profiles: a profile's search columns (migration 0003) take their main
      // photo's status when the profile is written, with no second write per profile.
      await insertColumns(tx, 'photos', columns.photos, { overridingSystemValue: true });
      await insertColumns(tx, 'profiles', columns.profiles);
      await insertColumns(tx, 'profile_interests', columns.interests);
      await insertColumns(tx, 'credit_ledger', columns.ledger);
      await insertColumns(tx, 'likes', columns.likes);
      await writeHistory(tx, columns.recent);
    });

  let written = 0;
  opts.onProgress?.({ phase: 'members', done: 0, total: count });
  let writing: Promise<void> = Promise.resolve();
  for (let first = 0; first < count; first += batchSize) {
    const size = Math.min(batchSize, count - first);
    // The next batch is generated while the database still writes the previous one.
    const columns = await makeBatch(first, size);
    await writing;
    writing = writeBatch(columns).then(() => {
      written += size;
      opts.onProgress?.({ phase: 'members', done: written, total: count });
    });
    // A failure is raised by the await above or below; this only keeps it from counting as unhandled meanwhile.
    writing.catch(() => {});
  }
  await writing;
  await seedDemoChats(
    db,
    [...demoIds].map(([siteId, id]) => ({ siteId, id })),
    now,
  );
  await seedSiteHistory(db, history, seedSites);
  return { members: count, logins: await demoLogins(db) };
}
