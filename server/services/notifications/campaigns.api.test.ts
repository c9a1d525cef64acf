import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { members } from '../../db/schema';
import { headers, type MailTestApp, mailTestApp } from '../../infra/mail/testing/app';
import { linkIn } from '../../infra/mail/testing/inbox';
import { siteId } from '../../test/app';
import { type Campaign, sendCampaign } from './campaigns';
import { notificationHarness } from './testing';

const DAY = 86_400_000;
const clock = { now: new Date('2026-05-01T12:00:00Z') };
let t: MailTestApp;
let site: number;
beforeAll(async () => {
  t = await mailTestApp({ now: () => clock.now });
  site = await siteId(t.db, 'first.test');
});
afterAll(() => t?.close());

const h = notificationHarness(() => t, clock);
const subjects = async (email: string) => (await h.mailsTo(email)).map((m) => m.subject);
const run = (c: Omit<Campaign, 'siteId'>) => sendCampaign(t.app.services, { siteId: site, ...c }, h.log);

describe('operator mail: promotions, news, reminders', () => {
  test('a promotion reaches every member of the site whose choice is on, in their language or the fallback, once', async () => {
    const en = await h.member({ language: 'en', domain: 'first.test' });
    const de = await h.member({ language: 'de', domain: 'first.test' });
    const nl = await h.member({ language: 'nl', domain: 'first.test' });
    const off = await h.member({ language: 'en', domain: 'first.test' });
    const unconfirmed = await h.member({ language: 'en', domain: 'first.test' });
    const elsewhere = await h.member({ language: 'en' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/notifications.php',
      headers: headers(off.cookie, 'first.test'),
      payload: { settings: { promotions: { email: false } } },
    });
    await t.db.update(members).set({ emailConfirmedAt: null }).where(eq(members.id, unconfirmed.id));

    const promo = {
      id: 'spring-2026',
      kind: 'promotions' as const,
      path: '/credits',
      texts: {
        fallback: 'en' as const,
        byLocale: {
          en: { subject: '50% extra credits this weekend', body: 'Only this weekend.\n\nBuy any package.' },
          de: { subject: '50 % Extra-Credits am Wochenende', body: 'Nur an diesem Wochenende.' },
        },
      },
    };
    expect(await run(promo)).toEqual({ sent: 3, skipped: 0 });

    const [mail] = await h.mailsTo(en.email);
    expect(mail?.subject).toBe('50% extra credits this weekend');
    expect(mail?.text).toContain('An offer for you');
    // Paragraphs as the operator wrote them.
    expect(mail?.text.replace(/\r\n/g, '\n')).toContain('Only this weekend.\n\nBuy any package.');
    expect(linkIn(mail as { text: string }, '/credits').host).toMatch(/^first\.test:\d+$/);
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/first\.test:\d+\/api\/unsubscribe\.php\?token=/,
    );
    expect(await subjects(de.email)).toEqual(['50 % Extra-Credits am Wochenende']);
    expect(await subjects(nl.email)).toEqual(['50% extra credits this weekend']);
    for (const m of [off, unconfirmed, elsewhere]) expect(await subjects(m.email)).toEqual([]);

    // Run again (after a crash, or twice by mistake): nobody gets it twice.
    expect(await run(promo)).toEqual({ sent: 0, skipped: 0 });
    expect(await subjects(en.email)).toEqual([]);
  });

  test('a reminder without texts uses the catalog’s, for members not seen since the date', async () => {
    const away = await h.member({ language: 'en', domain: 'first.test' });
    const recent = await h.member({ language: 'en', domain: 'first.test' });
    await t.db
      .update(members)
      .set({ lastActiveAt: new Date(clock.now.getTime() - 40 * DAY) })
      .where(eq(members.id, away.id));
    const result = await run({
      id: 'come-back-may',
      kind: 'reminders',
      path: '/members',
      inactiveSince: new Date(clock.now.getTime() - 30 * DAY),
    });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(await subjects(away.email)).toEqual(['We miss you on First']);
    expect(await subjects(recent.email)).toEqual([]);
  });

  test('news needs the operator’s words, in the fallback language at least; a bad campaign sends nothing', async () => {
    const reader = await h.member({ language: 'en', domain: 'first.test' });
    await expect(run({ id: 'news-1', kind: 'news', path: '/' })).rejects.toThrow();
    await expect(
      run({
        id: 'news-2',
        kind: 'news',
        path: '/',
        texts: { fallback: 'nl', byLocale: { en: { subject: 'New', body: 'Something new.' } } },
      }),
    ).rejects.toThrow();
    await expect(run({ id: 'Not An Id', kind: 'reminders', path: '/' })).rejects.toThrow();
    await expect(run({ id: 'news-3', kind: 'news', path: 'https://elsewhere.example/' })).rejects.toThrow();
    expect(await subjects(reader.email)).toEqual([]);

    const sent = await run({
      id: 'news-4',
      kind: 'news',
      path: '/',
      texts: { fallback: 'en', byLocale: { en: { subject: 'Video chat is here', body: 'Try it today.' } } },
    });
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const [mail] = await h.mailsTo(reader.email);
    expect(mail?.subject).toBe('Video chat is here');
    expect(mail?.text).toContain('News from First');
  });
});
