import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { members, profiles } from '../../db/schema';
import { headers, type MailTestApp, mailTestApp } from '../../infra/mail/testing/app';
import { createMember } from '../../test/app';
import { NOTIFICATION_JOB_INTERVAL_MS, notificationJobTick } from './job';
import { sendUnreadReminders } from './reminders';
import { notificationHarness } from './testing';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: MailTestApp;
beforeAll(async () => {
  t = await mailTestApp({ now: () => clock.now });
});
afterAll(() => t?.close());

const h = notificationHarness(() => t, clock);
const later = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};
/** One run of the scheduled job, in an interval of its own. */
async function tick(services = t.app.services, meanwhile: () => Promise<unknown> = async () => {}) {
  later(NOTIFICATION_JOB_INTERVAL_MS);
  await meanwhile();
  const result = await notificationJobTick(services, { ...h.log, info: () => {} });
  expect(h.errors).toEqual([]);
  return result;
}
const subjects = async (email: string) => (await h.mailsTo(email)).map((m) => m.subject);

describe('unread-message reminders', () => {
  test('after the message waited its hours, once a day at most, and only for messages since the last one', async () => {
    const anna = await h.member({ name: 'Annareminder' });
    const bob = await h.member({ language: 'en' });
    await h.send(anna, bob);
    expect(await subjects(bob.email)).toEqual([]);

    later(HOUR);
    await tick();
    expect(await subjects(bob.email)).toEqual([]);

    later(5 * HOUR);
    await tick();
    const [mail, ...more] = await h.mailsTo(bob.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('A message is waiting for you');
    expect(mail?.text).toContain('You still have an unread message from Annareminder.');
    expect(mail?.headers['list-unsubscribe']).toMatch(/\/api\/unsubscribe\.php\?token=/);

    await tick();
    later(DAY);
    await tick();
    expect(await subjects(bob.email)).toEqual([]);

    await h.send(anna, bob);
    later(7 * HOUR);
    await tick();
    expect(await subjects(bob.email)).toEqual(['2 messages are waiting for you']);
  });

  test('none while the member is present, nor with the choice off; the reminder waits for an absent member', async () => {
    const anna = await h.member();
    const present = await h.member({ language: 'en' });
    const off = await h.member({ language: 'en' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      headers: headers(off.cookie),
      payload: { settings: { unread_message_reminders: { email: false } } },
    });
    await h.hide(off);
    await h.send(anna, present);
    await h.send(anna, off);
    later(7 * HOUR);
    // The member's page is open and visible: its requests keep them present.
    await tick(t.app.services, () =>
      t.app.inject({ url: '/api/user.php', headers: headers(present.cookie) }),
    );
    expect(await subjects(present.email)).toEqual([]);
    expect(await subjects(off.email)).toEqual([]);

    await h.hide(present);
    await tick();
    expect(await subjects(present.email)).toEqual(['A message is waiting for you']);
    expect(await subjects(off.email)).toEqual([]);
  });
});

describe('the weekly update', () => {
  test('after the first week, a summary of likes, messages waiting and new members nearby; then not for a week', async () => {
    const carl = await h.member({ language: 'en', country: 'DK' });
    const fresh = await h.member({ language: 'en', country: 'DK' });
    await t.db
      .update(members)
      .set({ signupDate: new Date(clock.now.getTime() - 10 * DAY) })
      .where(eq(members.id, carl.id));
    await t.db.update(profiles).set({ seekingGender: 'female' }).where(eq(profiles.memberId, carl.id));
    // Two who like Carl, from elsewhere; two new members near him, of whom one of the gender he seeks.
    const fans = [await h.member({ country: 'SE' }), await h.member({ country: 'SE' })];
    for (const fan of fans) await h.like(fan, carl);
    for (const gender of ['female', 'male'] as const) {
      const near = await createMember(t.db, { country: 'DK', gender });
      await t.db.update(members).set({ signupDate: clock.now }).where(eq(members.id, near.id));
    }

    await tick();
    const [mail, ...more] = await h.mailsTo(carl.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Your week on Main');
    expect(mail?.text).toContain('Here is what happened this week:');
    expect(mail?.text).toContain('2 new likes');
    // `fresh` and the new woman near him; not the man, whom he does not seek.
    expect(mail?.text).toContain('2 new members near you');
    expect(mail?.text).not.toContain('unread');
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Not in a member's first week.
    expect(await subjects(fresh.email)).toEqual([]);

    await tick();
    later(3 * DAY);
    await tick();
    expect(await subjects(carl.email)).toEqual([]);

    // A week later with nothing new: nothing to tell, no mail, and the week counts as done.
    later(5 * DAY);
    await tick();
    expect(await subjects(carl.email)).toEqual([]);
    const [row] = await t.db.select().from(members).where(eq(members.id, carl.id));
    expect(row?.weeklyUpdateAt).toEqual(clock.now);
  });
});

describe('two instances on one database', () => {
  let second: App;
  let secondDb: Database | null = null;
  beforeAll(async () => {
    // PostgreSQL: a connection pool of its own, as another server would have. PGlite lives in one
    // process: the second app shares its handle, and the database still decides who works.
    if (t.database.kind === 'postgres') secondDb = await openDatabase({ url: t.config.databaseUrl });
    second = await buildApp({
      config: t.config,
      database: secondDb ?? t.database,
      now: () => clock.now,
      webDir: null,
    });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
  });

  test('the job runs on one of them per interval and sends the reminder once', async () => {
    const anna = await h.member();
    const bob = await h.member({ language: 'en' });
    await h.send(anna, bob);
    later(7 * HOUR + NOTIFICATION_JOB_INTERVAL_MS);
    const log = { ...h.log, info: () => {} };
    const results = await Promise.all([
      notificationJobTick(t.app.services, log),
      notificationJobTick(second.services, log),
    ]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    expect(await subjects(bob.email)).toEqual(['A message is waiting for you']);
  });

  test('even two runs at the same moment send each reminder once', async () => {
    const anna = await h.member();
    const bob = await h.member({ language: 'en' });
    await h.send(anna, bob);
    later(7 * HOUR);
    const sent = await Promise.all([
      sendUnreadReminders(t.app.services, h.log),
      sendUnreadReminders(second.services, h.log),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await subjects(bob.email)).toEqual(['A message is waiting for you']);
  });
});
