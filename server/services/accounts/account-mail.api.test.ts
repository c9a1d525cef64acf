import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REACTIVATION_DAYS } from '../../../common/constants';
import { members } from '../../db/schema';
import { headers, memberRow, signedUpMember } from '../../infra/mail/testing/app';
import { linkIn, parseMail } from '../../infra/mail/testing/inbox';
import { createMailer, linkOriginFor } from '../../infra/mail/transport';
import { consumeToken } from '../../infra/tokens';
import { type TestApp, testApp } from '../../test/app';
import { testConfig } from '../../test/db';
import { MailLimitReached, sendReactivationMail } from './account-mail';

const NOW = new Date('2026-05-01T12:00:00Z');
const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ now: () => NOW });
});
afterAll(() => t?.close());

const outbox = () => path.join(t.config.dataDir, 'outbox');
const outboxMails = () =>
  fs.existsSync(outbox())
    ? fs.readdirSync(outbox()).map((f) => parseMail(fs.readFileSync(path.join(outbox(), f), 'utf8')))
    : [];

describe('without SMTP_URL', () => {
  test('a mail is written to DATA_DIR/outbox as a complete message, HTML and text', async () => {
    const m = await signedUpMember(t, { language: 'sv', name: 'Astrid' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset.php',
      headers: headers(),
      payload: { email: m.email },
    });
    expect(res.statusCode).toBe(200);
    const mail = outboxMails().find((x) => x.to === m.email);
    expect(mail?.subject).toBe('Välj ett nytt lösenord för Main');
    expect(mail?.html).toContain('<html lang="sv">');
    expect(mail?.text).toContain('Hej Astrid,');
    expect(linkIn(mail as { text: string }, '/reset-password/do').searchParams.get('token')).toHaveLength(43);
  });

  test('the log line names the link, so `npm start` works without a mail server', async () => {
    const lines: unknown[] = [];
    const log = { info: (obj: unknown) => lines.push(obj) } as unknown as FastifyBaseLogger;
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'mailer-'));
    const mailer = createMailer(testConfig(dir), log, () => 4321);
    await mailer.send({
      kind: 'activation',
      from: { name: 'Main', address: 'no-reply@main.test' },
      to: 'reader@example.test',
      subject: 'Hallo',
      text: 'tekst',
      html: '<p>tekst</p>',
      link: 'http://main.test:4321/api/activation.php?token=abc',
    });
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'activation',
        to: 'reader@example.test',
        link: 'http://main.test:4321/api/activation.php?token=abc',
      }),
    ]);
    expect(fs.readdirSync(path.join(dir, 'outbox'))).toHaveLength(1);
  });
});

describe('links', () => {
  test('go to the site domain on the listening port, over HTTPS behind a proxy, or as PUBLIC_ORIGIN says', () => {
    const config = testConfig('/tmp/unused');
    expect(linkOriginFor(config, () => 4321)('main.test')).toBe('http://main.test:4321');
    expect(linkOriginFor(config, () => null)('main.test')).toBe('http://main.test:8080');
    expect(linkOriginFor({ ...config, trustProxy: true }, () => 4321)('main.test')).toBe('https://main.test');
    expect(linkOriginFor({ ...config, publicOrigin: 'https://www.{domain}' }, () => 1)('main.test')).toBe(
      'https://www.main.test',
    );
  });
});

describe('sendReactivationMail', () => {
  test('mails a link to /account-deleted that works until 14 days after the deletion', async () => {
    const m = await signedUpMember(t, { confirmed: true, language: 'en', name: 'Noor' });
    const deletedAt = new Date(NOW.getTime() - 4 * DAY);
    await t.db.update(members).set({ deletedAt }).where(eq(members.id, m.id));
    await sendReactivationMail(t.app.services, m.id);
    const mail = outboxMails().find((x) => x.to === m.email);
    expect(mail?.subject).toBe('Bring back your account on Main');
    expect(mail?.text).toContain('Valid for: 10 days.');
    const token = linkIn(mail as { text: string }, '/account-deleted').searchParams.get('token') as string;
    const late = new Date(deletedAt.getTime() + 14 * DAY + 1000);
    expect(await consumeToken(t.db, token, 'reactivation', late)).toBeNull();
    expect(await consumeToken(t.db, token, 'activation', NOW)).toBeNull();
    expect(await consumeToken(t.db, token, 'reactivation', NOW)).toMatchObject({ memberId: m.id });
    expect(await consumeToken(t.db, token, 'reactivation', NOW)).toBeNull();
  });

  test('right after the deletion it says the full 14 days, as the pages do', async () => {
    const m = await signedUpMember(t, { confirmed: true, language: 'en', name: 'Fenna' });
    await t.db
      .update(members)
      .set({ deletedAt: new Date(NOW.getTime() - 5_000) })
      .where(eq(members.id, m.id));
    await sendReactivationMail(t.app.services, m.id);
    const mail = outboxMails().find((x) => x.to === m.email);
    expect(mail?.text).toContain(`Valid for: ${REACTIVATION_DAYS} days.`);
  });

  test('three a day, then MailLimitReached (429) that a caller can tell apart', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    await t.db.update(members).set({ deletedAt: NOW }).where(eq(members.id, m.id));
    for (let i = 0; i < 3; i++) await sendReactivationMail(t.app.services, m.id);
    const refused = await sendReactivationMail(t.app.services, m.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MailLimitReached);
    expect(refused).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect((await memberRow(t, m.id)).deletedAt).not.toBeNull();
  });

  test('refuses an account that is not deleted', async () => {
    const m = await signedUpMember(t, { confirmed: true });
    await expect(sendReactivationMail(t.app.services, m.id)).rejects.toThrow(/not deleted/);
  });
});
