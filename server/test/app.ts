import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AUTH_COOKIE } from '../../common/constants';
import { type App, buildApp } from '../app';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { members, photos, profiles, sites } from '../db/schema';
import type { FrameHandlers } from '../infra/events/bus';
import type { Storage } from '../infra/storage';
import { createSession } from '../services/accounts/sessions';
import { testDatabase } from './db';

export type TestApp = {
  app: App;
  db: Db;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/**
 * The whole HTTP app on a database of its own, copied from the template: API only, unless `webDir`
 * names a built SPA folder.
 * `seed` writes rows before the app starts; `now` is the app's clock.
 */
export async function testApp(
  opts: {
    now?: () => Date;
    seed?: (db: Db) => Promise<void>;
    webDir?: string;
    frameHandlers?: FrameHandlers;
    /** Settings that differ from the test configuration (a proxy in front, for one). */
    config?: Partial<Config>;
    /** The photo store, instead of a folder under the test's data folder. */
    storage?: Storage;
  } = {},
): Promise<TestApp> {
  const { database, config: base, destroy } = await testDatabase();
  const config = { ...base, ...opts.config };
  try {
    if (opts.seed) await opts.seed(database.db);
    const app = await buildApp({
      config,
      database,
      now: opts.now,
      webDir: opts.webDir ?? null,
      frameHandlers: opts.frameHandlers,
      storage: opts.storage,
    });
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      config,
      close: async () => {
        await app.close();
        await destroy();
      },
    };
  } catch (err) {
    await destroy();
    throw err;
  }
}

export async function siteId(db: Db, domain: string): Promise<number> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain));
  if (!row) throw new Error(`no site ${domain} in the test sites file`);
  return row.id;
}

export type MemberInput = {
  domain?: string;
  name?: string;
  paid?: boolean;
  country?: string;
  gender?: 'male' | 'female';
  birthDate?: string;
  lastActiveAt?: Date;
  invisible?: boolean;
  profileStatus?: 'active' | 'disabled';
  /** A main photo; its storage keys are random and hold no bytes unless the test stores them. */
  photo?: { premium?: boolean; status?: 'pending' | 'approved' | 'rejected'; reviewedAt?: Date };
  /** When the account was made (default now: a new account, under the new-conversation limit). */
  signupDate?: Date;
  emailConfirmedAt?: Date;
  credits?: number;
};

const key = (prefix: 'o' | 'b' | 'p') => `${prefix}/${randomBytes(12).toString('hex')}.webp`;

/** Inserts a member with a profile (and a main photo when asked), as signup and upload would leave them. */
export async function createMember(db: Db, input: MemberInput = {}) {
  const site = await siteId(db, input.domain ?? 'main.test');
  const name = input.name ?? `member${randomBytes(3).toString('hex')}`;
  const [member] = await db
    .insert(members)
    .values({
      siteId: site,
      email: `${name}@example.test`,
      status: 'active',
      credits: input.credits ?? 3,
      paidUser: input.paid ?? false,
      language: 'nl',
      invisible: input.invisible ?? false,
      ...(input.lastActiveAt ? { lastActiveAt: input.lastActiveAt } : {}),
      ...(input.signupDate ? { signupDate: input.signupDate } : {}),
      ...(input.emailConfirmedAt ? { emailConfirmedAt: input.emailConfirmedAt } : {}),
    })
    .returning();
  if (!member) throw new Error('member not inserted');
  await db.insert(profiles).values({
    memberId: member.id,
    siteId: site,
    name,
    gender: input.gender ?? 'female',
    sexuality: 'hetero',
    birthDate: input.birthDate ?? '1990-06-15',
    country: input.country ?? 'NL',
    status: input.profileStatus ?? 'active',
  });
  let photo: typeof photos.$inferSelect | undefined;
  if (input.photo) {
    [photo] = await db
      .insert(photos)
      .values({
        memberId: member.id,
        originalKey: input.photo.premium ? key('p') : key('o'),
        thumbKey: key('o'),
        blurredKey: key('b'),
        width: 800,
        height: 1000,
        premium: input.photo.premium ?? false,
        status: input.photo.status ?? 'approved',
        reviewedAt: input.photo.reviewedAt ?? null,
      })
      .returning();
    await db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.memberId, member.id));
  }
  return { id: member.id, name, photo };
}

/** Logs a member in the way login does: a session row, and the token as the auth cookie. */
export async function loginCookie(db: Db, memberId: number, at: Date = new Date()): Promise<string> {
  const token = await createSession(db, memberId, at);
  return `${AUTH_COOKIE}=${token}`;
}
