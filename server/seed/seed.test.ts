import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FiguresDayRow } from '../../common/api/admin/figures';
import { LOCALES } from '../../common/constants';
import { GENDERS, SEXUALITIES } from '../../common/profile-options';
import { ageOn } from '../../common/rules/age';
import { type Database, openDatabase } from '../db/client';
import { localStorage, type Storage } from '../infra/storage';
import { verifyPassword } from '../services/accounts/passwords';
import { figures, revenue } from '../services/admin/figures/figures';
import { quote } from '../services/money/quote';
import { syncInterests } from '../services/profiles/interests';
import { syncRegions } from '../services/profiles/regions';
import { readSitesFile } from '../services/sites/site-config';
import { syncSites } from '../services/sites/sites';
import { demoLoginLines } from './first-start';
import {
  DEMO_EMAIL,
  DEMO_PASSWORD,
  demoLogins,
  renewWelcomeLogins,
  type SeedProgress,
  seedDemo,
  WELCOME_EMAIL,
} from './index';
import { DEMO_LOGIN_LIKERS } from './likes';
import type { PoolSize } from './pool';
import { createRng } from './rng';

const NOW = new Date('2026-03-01T12:00:00Z');
const COUNT = 400;
// A small pool keeps the test fast; it still covers every gender and hair colour.
const POOL: PoolSize = { common: 1, rare: 1, publicLooks: 3, premiumLooks: 1 };

let database: Database;
let dir: string;
let storage: Storage;
const progress: SeedProgress[] = [];

const rows = async <T>(query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows as T[];
const files = (sub: string) =>
  fs.existsSync(path.join(dir, sub)) ? fs.readdirSync(path.join(dir, sub)).length : 0;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  storage = localStorage(dir);
  database = await openDatabase({});
  await database.migrate();
  await syncSites(database.db, readSitesFile(path.resolve('config/sites.json')));
  await syncInterests(database.db);
  await syncRegions(database.db);
  await seedDemo({
    db: database.db,
    storage,
    count: COUNT,
    now: NOW,
    rng: createRng(42),
    poolSize: POOL,
    poolCacheFile: path.join(dir, 'demo-pool.json'),
    batchSize: 150,
    onProgress: (p) => progress.push(p),
  });
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('creates the asked number of members, each with a named profile aged 18 to 80', async () => {
    const profiles = await rows<{ name: string; birth_date: string; member_id: number }>(
      sql`SELECT p.name, p.birth_date, p.member_id FROM members m JOIN profiles p ON p.member_id = m.id`,
    );
    expect(profiles).toHaveLength(COUNT);
    for (const p of profiles) {
      expect(p.name.trim()).not.toBe('');
      const age = ageOn(p.birth_date, NOW);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(80);
    }
    expect(progress.filter((p) => p.phase === 'members').at(-1)).toEqual({
      phase: 'members',
      done: COUNT,
      total: COUNT,
    });
  });

  it('spreads members over the sites, their countries and regions, in a served language', async () => {
    const members = await rows<{
      site_id: number;
      country: string;
      region_country: string | null;
      language: string;
      countries: string[];
    }>(
      sql`SELECT m.site_id, p.country, r.country AS region_country, m.language, s.settings->'countries' AS countries
          FROM members m JOIN profiles p ON p.member_id = m.id JOIN sites s ON s.id = m.site_id
          LEFT JOIN regions r ON r.country = p.country AND r.code = p.region_code`,
    );
    expect(new Set(members.map((m) => m.site_id)).size).toBe(3);
    for (const m of members) {
      expect(m.countries).toContain(m.country);
      expect(m.region_country).toBe(m.country);
      expect(LOCALES).toContain(m.language);
    }
  });

  it('has every gender and sexuality, each member with 3 to 8 interests', async () => {
    const kinds = await rows<{ gender: string; sexuality: string }>(
      sql`SELECT DISTINCT gender, sexuality FROM profiles`,
    );
    expect(new Set(kinds.map((k) => k.gender))).toEqual(new Set(GENDERS));
    expect(new Set(kinds.map((k) => k.sexuality))).toEqual(new Set(SEXUALITIES));
    const counts = await rows<{ n: number }>(
      sql`SELECT count(pi.interest_id)::int AS n FROM members m LEFT JOIN profile_interests pi ON pi.member_id = m.id GROUP BY m.id`,
    );
    expect(counts).toHaveLength(COUNT);
    for (const { n } of counts) {
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(8);
    }
  });

  it('gives each member 1 to 6 photos, free members at most 3, and a public approved main photo', async () => {
    const members = await rows<{ n: number; paid: boolean; main_ok: boolean }>(
      sql`SELECT count(ph.id)::int AS n, m.paid_user AS paid,
                 bool_or(ph.id = p.main_photo_id AND ph.position = 0 AND NOT ph.premium AND ph.status = 'approved') AS main_ok
          FROM members m JOIN profiles p ON p.member_id = m.id LEFT JOIN photos ph ON ph.member_id = m.id
          GROUP BY m.id, m.paid_user`,
    );
    for (const m of members) {
      expect(m.n).toBeGreaterThanOrEqual(1);
      expect(m.n).toBeLessThanOrEqual(m.paid ? 6 : 3);
      expect(m.main_ok).toBe(true);
    }
    expect(members.some((m) => m.n > 3)).toBe(true);
  });

  it('stores premium originals only under p/, never as a public photo', async () => {
    const photos = await rows<{
      premium: boolean;
      original_key: string;
      thumb_key: string;
      blurred_key: string;
    }>(sql`SELECT premium, original_key, thumb_key, blurred_key FROM photos`);
    expect(photos.some((p) => p.premium)).toBe(true);
    for (const p of photos) {
      const prefix = p.premium ? 'p/' : 'o/';
      expect(p.original_key.startsWith(prefix)).toBe(true);
      expect(p.thumb_key.startsWith(prefix)).toBe(true);
      expect(p.blurred_key.startsWith('b/')).toBe(true);
    }
    const premiumKeys = new Set(
      photos.filter((p) => p.premium).flatMap((p) => [p.original_key, p.thumb_key]),
    );
    expect(photos.filter((p) => !p.premium).some((p) => premiumKeys.has(p.original_key))).toBe(false);
  });

  it('renders real 4:5 webp images for every rendition', async () => {
    const [photo] = await rows<{ original_key: string; thumb_key: string; blurred_key: string }>(
      sql`SELECT original_key, thumb_key, blurred_key FROM photos WHERE premium LIMIT 1`,
    );
    const sizes = await Promise.all(
      [photo?.original_key, photo?.thumb_key, photo?.blurred_key].map(async (key) => {
        const bytes = await storage.get(key as string);
        const meta = await sharp(bytes as Buffer).metadata();
        return `${meta.format} ${meta.width}x${meta.height}`;
      }),
    );
    expect(sizes).toEqual(['webp 640x800', 'webp 320x400', 'webp 160x200']);
  });

  it('keeps credits equal to the ledger, with a ledger row for every non-zero balance', async () => {
    const members = await rows<{ credits: number; sum: number; last: number | null; rows: number }>(
      sql`SELECT m.credits, coalesce(sum(l.delta), 0)::int AS sum, count(l.id)::int AS rows,
                 (SELECT balance_after FROM credit_ledger WHERE member_id = m.id ORDER BY id DESC LIMIT 1) AS last
          FROM members m LEFT JOIN credit_ledger l ON l.member_id = m.id GROUP BY m.id`,
    );
    for (const m of members) {
      expect(m.sum).toBe(m.credits);
      if (m.credits > 0) expect(m.rows).toBeGreaterThan(0);
      if (m.rows > 0) expect(m.last).toBe(m.credits);
    }
    const paid = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM members WHERE paid_user`);
    expect(paid[0]?.n).toBeGreaterThan(0);
  });

  it('gives each site a demo login and a welcome login whose passwords verify; no other member has a password', async () => {
    const logins = await demoLogins(database.db);
    expect(logins.map((l) => [l.domain, l.kind, l.email])).toEqual(
      ['amora.localhost', 'flirtlicht.localhost', 'velvetnights.localhost'].flatMap((domain) => [
        [domain, 'demo', DEMO_EMAIL],
        [domain, 'welcome', WELCOME_EMAIL],
      ]),
    );
    const hashes = await rows<{ email: string; password_hash: string | null }>(
      sql`SELECT email, password_hash FROM members WHERE password_hash IS NOT NULL`,
    );
    expect(hashes).toHaveLength(6);
    expect(hashes.every((h) => h.email === DEMO_EMAIL || h.email === WELCOME_EMAIL)).toBe(true);
    // The two logins of a site share its hash: each hash is checked once.
    const distinct = [...new Set(hashes.map((h) => h.password_hash))];
    expect(distinct).toHaveLength(3);
    const checks = await Promise.all(
      distinct.flatMap((h) => [verifyPassword(DEMO_PASSWORD, h), verifyPassword('demo-password-2', h)]),
    );
    expect(checks).toEqual([true, false, true, false, true, false]);
  });

  it('gives the welcome login a running welcome discount and no time bonus, printed at start beside the demo login', async () => {
    const welcome = await rows<{ id: number; site_id: number; signup_date: string; paid_user: boolean }>(
      sql`SELECT id, site_id, signup_date, paid_user FROM members WHERE email = ${WELCOME_EMAIL}`,
    );
    expect(welcome).toHaveLength(3);
    for (const m of welcome) {
      const hours = (NOW.getTime() - new Date(m.signup_date).getTime()) / 3_600_000;
      expect(hours).toBeGreaterThan(4);
      expect(hours).toBeLessThan(48);
      expect(m.paid_user).toBe(false);
      const [profile] = await rows<{ country: string }>(
        sql`SELECT country FROM profiles WHERE member_id = ${m.id}`,
      );
      const offer = await quote(database.db, {
        siteId: m.site_id,
        buyer: { id: m.id, siteId: m.site_id, paidUser: false, signupDate: new Date(m.signup_date) },
        country: profile?.country as string,
        now: NOW,
      });
      // The welcome discount, not the time bonus: that one ended 4 hours after signup.
      expect(offer.automatic).toMatchObject({ code: 'WELCOME25', source: 'welcome' });
    }
    const lines = demoLoginLines(await demoLogins(database.db), 8080);
    expect(lines.filter((l) => l.includes(WELCOME_EMAIL))).toHaveLength(3);
    expect(lines.filter((l) => l.includes(DEMO_EMAIL))).toHaveLength(3);
    expect(lines[1]).toMatch(
      /Welcome discount login\s+on http:\/\/amora\.localhost:8080 {2}welcome@demo\.invalid \/ demo-password-1/,
    );
  });

  it('moves a welcome login that aged out of its welcome discount back to a day after its signup', async () => {
    const later = new Date(NOW.getTime() + 5 * 86_400_000);
    await renewWelcomeLogins(database.db, later);
    const welcome = await rows<{ signup_date: string }>(
      sql`SELECT signup_date FROM members WHERE email = ${WELCOME_EMAIL}`,
    );
    for (const m of welcome) expect(later.getTime() - new Date(m.signup_date).getTime()).toBe(24 * 3_600_000);
    // Back as seeded, for the tests below.
    await database.db.execute(
      sql`UPDATE members SET signup_date = ${new Date(NOW.getTime() - 24 * 3_600_000)} WHERE email = ${WELCOME_EMAIL}`,
    );
  });

  it('fills likes: members like each other, some both ways, and each demo login has likers, some new', async () => {
    const [all] = await rows<{ likes: number; mutual: number }>(
      sql`SELECT count(*)::int AS likes,
                 count(*) FILTER (WHERE EXISTS (SELECT 1 FROM likes b WHERE b.liker_id = a.liked_id AND b.liked_id = a.liker_id))::int AS mutual
          FROM likes a`,
    );
    expect(all?.likes).toBeGreaterThan(COUNT / 2);
    expect(all?.mutual).toBeGreaterThan(0);
    const crossSite = await rows(
      sql`SELECT 1 FROM likes l JOIN members a ON a.id = l.liker_id JOIN members b ON b.id = l.liked_id WHERE a.site_id <> b.site_id`,
    );
    expect(crossSite).toEqual([]);
    const perLogin = await rows<{ likers: number; unseen: number; matches: number }>(
      sql`SELECT count(l.*)::int AS likers,
                 count(*) FILTER (WHERE l.seen_at IS NULL)::int AS unseen,
                 count(*) FILTER (WHERE EXISTS (SELECT 1 FROM likes b WHERE b.liker_id = m.id AND b.liked_id = l.liker_id))::int AS matches
          FROM members m JOIN likes l ON l.liked_id = m.id
          JOIN members liker ON liker.id = l.liker_id AND liker.status = 'active' AND NOT liker.invisible
          WHERE m.email = ${DEMO_EMAIL} GROUP BY m.id`,
    );
    expect(perLogin).toHaveLength(3);
    for (const login of perLogin) {
      expect(login.likers).toBe(DEMO_LOGIN_LIKERS);
      expect(login.unseen).toBeGreaterThan(0);
      expect(login.unseen).toBeLessThan(login.likers);
      expect(login.matches).toBeGreaterThan(0);
    }
  });

  it('gives each demo login chats with demo members of its site, in its language, with unread messages', async () => {
    const chats = await rows<{ login: number; site: number; other_site: number; unread: number; n: number }>(
      sql`SELECT cm.member_id AS login, m.site_id AS site, o.site_id AS other_site, cm.unread_count AS unread,
                 (SELECT count(*)::int FROM messages x WHERE x.conversation_id = cm.conversation_id) AS n
          FROM conversation_members cm JOIN members m ON m.id = cm.member_id JOIN members o ON o.id = cm.other_member_id
          WHERE m.email = ${DEMO_EMAIL}`,
    );
    expect(new Set(chats.map((c) => c.login)).size).toBe(3);
    expect(chats.every((c) => c.site === c.other_site && c.n > 0)).toBe(true);
    expect(chats.filter((c) => c.unread > 0).length).toBeGreaterThan(0);
    // Both sides' state points at the newest message.
    const [bad] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM conversation_members cm
          WHERE cm.last_message_id <> (SELECT max(id) FROM messages x WHERE x.conversation_id = cm.conversation_id)`,
    );
    expect(bad?.n).toBe(0);
  });

  it('gives the console figures of the last 30 days something to draw, and complaints to handle', async () => {
    const siteIds = (await rows<{ id: number }>(sql`SELECT id FROM sites`)).map((r) => r.id);
    const scope = { from: '2026-01-31', to: '2026-03-01', siteId: null, siteIds };
    const f = await figures(database.db, scope);
    const total = (field: Exclude<keyof FiguresDayRow, 'day'>) => f.days.reduce((n, d) => n + d[field], 0);
    for (const field of ['signups', 'active_members', 'messages', 'purchases', 'visits', 'bounces'] as const)
      expect(total(field), field).toBeGreaterThan(0);
    // Messages, activity and visits on most days, not on one.
    expect(f.days.filter((d) => d.messages > 0).length).toBeGreaterThan(10);
    expect(f.days.filter((d) => d.active_members > 0).length).toBeGreaterThan(20);
    expect(f.days.every((d) => d.visits > 0 && d.bounces <= d.visits)).toBe(true);
    const tracked = f.traffic.filter((r) => r.network !== null);
    expect(tracked.some((r) => r.signups > 0)).toBe(true);
    expect(tracked.length).toBeGreaterThan(3);
    const r = await revenue(database.db, scope);
    expect(r.currencies.length).toBeGreaterThan(0);
    expect(r.currencies.reduce((n, c) => n + c.amount, 0)).toBeGreaterThan(0);
    // Each recent purchase is a demo payment its member's ledger names, for the price of its package.
    const [bad] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM payments p
          LEFT JOIN credit_ledger l ON l.reference = p.id::text AND l.member_id = p.member_id AND l.reason = 'purchase'
          LEFT JOIN demo_payments d ON d.id = p.provider_payment_id AND d.amount = p.amount
          WHERE l.id IS NULL OR d.id IS NULL OR p.provider <> 'demo'`,
    );
    expect(bad?.n).toBe(0);
    const states = await rows<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM complaints GROUP BY status ORDER BY status`,
    );
    expect(states.map((s) => s.status)).toEqual(['new', 'in_progress', 'closed']);
  });

  it('seeds again without e-mail collisions, a second demo login or re-rendering the portraits', async () => {
    const before = files('o') + files('p') + files('b');
    const [chatsBefore] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM conversations`);
    progress.length = 0;
    await seedDemo({
      db: database.db,
      storage,
      count: 50,
      now: NOW,
      rng: createRng(42),
      poolSize: POOL,
      poolCacheFile: path.join(dir, 'demo-pool.json'),
    });
    expect(files('o') + files('p') + files('b')).toBe(before);
    expect(progress.some((p) => p.phase === 'portraits')).toBe(false);
    const [counts] = await rows<{ members: number; emails: number; logins: number }>(
      sql`SELECT count(*)::int AS members, count(DISTINCT (site_id, lower(email)))::int AS emails,
                 count(*) FILTER (WHERE email = ${DEMO_EMAIL})::int AS logins FROM members`,
    );
    expect(counts).toEqual({ members: COUNT + 50, emails: COUNT + 50, logins: 3 });
    const likers = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM likes l JOIN members m ON m.id = l.liked_id WHERE m.email = ${DEMO_EMAIL} GROUP BY m.id`,
    );
    expect(likers.map((r) => r.n)).toEqual([DEMO_LOGIN_LIKERS, DEMO_LOGIN_LIKERS, DEMO_LOGIN_LIKERS]);
    const [chats] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM conversations`);
    expect(chats?.n).toBe(chatsBefore?.n);
    const [loginChats] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM conversation_members cm JOIN members m ON m.id = cm.member_id WHERE m.email = ${DEMO_EMAIL}`,
    );
    expect(loginChats?.n).toBe(9);
  });
});
