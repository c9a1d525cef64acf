import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { adminText, consoleUrl, expect, expectNoRawConsoleKeys, test } from './admin-fixtures';
import { t } from './catalog';
import { expectAccessible, expectNoRawKeys, localeCookie, pageApi, SITES, shoot, siteUrl } from './fixtures';
import { activeMember } from './members';
import { outbox } from './outbox';

/**
 * The moderation queue, end to end: two members chat; one reports the
 * other from the chat with the messages as evidence; the admin reads the report with its evidence
 * in the console and suspends the member for 3 days with a reason; the suspended member is logged
 * out, reads the statement of reasons at login and cannot log in; the reporter sees the decision
 * under My reports. And a photo: a member's new photo is rejected in the photo queue, and the
 * member sees it rejected, with the reason, in their language.
 * Console screens land in test-results/screens/console-moderation-*.
 */

test.describe.configure({ timeout: 180_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.resolve('test-results/screens', `console-moderation-${name}.png`),
    fullPage: true,
  });
const PASSWORD = 'Zeilboot-op-het-IJ-31';
const THREAT = `Stuur me 200 euro of ik zet je foto's online ${Math.floor(Math.random() * 1e6)}`;
const REASON = 'You threatened to share private photos of another member unless she paid you.';

test('a report with chat evidence leads to a suspension with a statement of reasons', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const a = await activeMember(browser, `Sanne${Math.floor(Math.random() * 1e4)}`, 'female');
  const b = await activeMember(browser, `Bram${Math.floor(Math.random() * 1e4)}`, 'male');
  // The members use the Dutch site in Dutch.
  for (const m of [a, b]) await m.context.addCookies([localeCookie(SITES.amora, 'nl')]);

  // They chat: B writes, A answers.
  for (const [from, to, body] of [
    [b, a, 'Hoi Sanne, leuk profiel!'],
    [a, b, 'Dank je, hoe gaat het?'],
    [b, a, THREAT],
  ] as const) {
    const sent = await pageApi(from.page, 'POST', '/api/messages.php', {
      client_id: crypto.randomUUID(),
      member_id: to.id,
      kind: 'text',
      body,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  }

  // A reports B from the chat, with the threat as evidence (the reports part's dialog).
  await a.page.goto(siteUrl(`/members/${b.id}/chat`));
  await a.page.getByRole('button', { name: nl('reports.actionMember') }).click();
  const dialog = a.page.getByRole('dialog');
  await dialog.getByLabel(THREAT).check();
  await dialog.getByLabel(nl('reports.reasons.harassment')).check();
  await dialog.getByRole('button', { name: nl('reports.dialog.submit') }).click();
  await expect(dialog.getByText(nl('reports.dialog.doneTitle'))).toBeVisible();

  // The admin finds it in the queue and reads the evidence as a chat transcript.
  await page.goto(consoleUrl('moderation/reports'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('moderation.title'));
  const row = page.getByRole('row').filter({ hasText: b.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(t('en', 'reports.reasons.harassment'));
  await expectAccessible(page);
  await expectNoRawConsoleKeys(page);
  await shot(page, 'reports');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/moderation\/reports\/\d+$/);
  const transcript = page.getByRole('list', { name: adminText('moderation.evidence.label') });
  await expect(transcript).toContainText(THREAT);
  await expect(transcript.locator('.admin-transcript__message--reported')).toContainText(b.name);
  await expect(page.getByRole('region', { name: adminText('moderation.member.title') })).toContainText(
    b.name,
  );
  await expectAccessible(page);
  await expectNoRawConsoleKeys(page);
  await shot(page, 'report');

  // Suspend for 3 days, with the reasons the member will read.
  await page
    .getByRole('button', { name: adminText('moderation.actions.suspend.button'), exact: true })
    .click();
  const decision = page.getByRole('dialog');
  await expect(decision.getByRole('heading')).toHaveText(
    adminText('moderation.actions.suspend.title', { name: b.name }),
  );
  await decision
    .getByRole('button', {
      name: adminText('moderation.decision.daysPreset_other', { count: 3 }),
      exact: true,
    })
    .click();
  await decision.getByLabel(adminText('moderation.decision.reasonLabel')).fill(REASON);
  await expectAccessible(page);
  await decision
    .getByRole('button', { name: adminText('moderation.actions.suspend.confirmDays_other', { count: 3 }) })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: adminText('moderation.actions.suspend.saved') }),
  ).toBeVisible();
  await expect(page.locator('.admin-member-badges')).toContainText('Suspended until');
  await shot(page, 'decided');

  // B is logged out, and the login form shows the statement of reasons and the end.
  await b.page.goto(siteUrl('/login'));
  await b.page.locator('#login-email').fill(b.email);
  await b.page.locator('#login-password').fill(PASSWORD);
  const refused = b.page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/user.php' && r.request().method() === 'POST',
  );
  await b.page.locator('form.login-form button[type="submit"]').click();
  const answer = await refused;
  expect(answer.status()).toBe(403);
  const { until } = (await answer.json()) as { until: string };
  // Three days from the decision (give or take the test's own minutes).
  expect(Math.abs(new Date(until).getTime() - (Date.now() + 3 * 86_400_000))).toBeLessThan(5 * 60_000);
  const untilText = new Intl.DateTimeFormat('nl', { dateStyle: 'long', timeStyle: 'short' }).format(
    new Date(until),
  );
  const notice = b.page.locator('.login-suspension');
  await expect(notice).toContainText(nl('suspension.title'));
  await expect(notice).toContainText(REASON);
  await expect(notice).toContainText(nl('suspension.reason', { reason: nl('reports.reasons.harassment') }));
  await expect(notice).toContainText(nl('suspension.until', { until: untilText }));
  await expect(b.page).toHaveURL(/\/login$/);
  expect((await pageApi<{ user: unknown }>(b.page, 'GET', '/api/user.php')).json.user).toBeNull();
  await expectAccessible(b.page);
  await expectNoRawKeys(b.page);
  await shoot(b.page, 'login-suspended');
  // The statement came by mail too, in B's language.
  await expect.poll(() => outbox(b.email).some((m) => m.text.includes(REASON))).toBe(true);

  // A sees the decision under My reports.
  await a.page.goto(siteUrl('/reports'));
  await expect(a.page.getByText(nl('reports.status.upheld')).first()).toBeVisible();
  await expect(a.page.getByText(nl('notices.decision.upheld')).first()).toBeVisible();
  await expect(a.page.locator('body')).not.toContainText(REASON);
  await shoot(a.page, 'reporter-decision');

  // The audit log has the decision with who and why.
  await page.goto(consoleUrl('audit'));
  await expect(page.getByRole('row').filter({ hasText: 'member.suspend' }).first()).toContainText(REASON);
  await expectAccessible(page);
  await expectNoRawConsoleKeys(page);
  await shot(page, 'audit');
  await a.context.close();
  await b.context.close();
});

test('a rejected photo disappears and its owner is told why', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Carmen${Math.floor(Math.random() * 1e4)}`;
  const c = await activeMember(browser, name, 'female');
  await c.context.addCookies([localeCookie(SITES.amora, 'nl')]);
  await c.page.goto(siteUrl('/profile'));
  const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#5b86e5' } })
    .jpeg()
    .toBuffer();
  await c.page.locator('.photo-manager input[type=file]').setInputFiles({
    name: 'strand.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(c.page.locator('.photo-tile')).toHaveCount(1);

  // The queue is oldest first: load pages until the new photo shows.
  await page.goto(consoleUrl('moderation/photos'));
  const card = page.locator('.admin-photo-card').filter({ hasText: name });
  const more = page.getByRole('button', { name: adminText('common.loadMore') });
  await expect(page.locator('.admin-photo-card').first()).toBeVisible();
  for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
    await more.click();
    await page.waitForLoadState('networkidle');
  }
  await expect(card).toHaveCount(1);
  await expectAccessible(page);
  await expectNoRawConsoleKeys(page);

  await card.getByRole('button', { name: adminText('moderation.photos.reject') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(adminText('moderation.photoReasons.no_person')).check();
  await dialog.getByLabel(adminText('moderation.photos.note')).fill('Only a blue surface can be seen.');
  await expectAccessible(page);
  await shot(page, 'reject-photo');
  await dialog.getByRole('button', { name: adminText('moderation.photos.reject') }).click();
  await expect(card).toHaveCount(0);

  // The owner sees it rejected, and the reason among the decisions about their account.
  await c.page.goto(siteUrl('/profile'));
  await expect(c.page.locator('.photo-tile')).toContainText(nl('profileEdit.photos.rejected'));
  await c.page.goto(siteUrl('/reports'));
  await expect(c.page.getByText(nl('notices.photoReasons.no_person')).first()).toBeVisible();
  await expect(c.page.getByText('Only a blue surface can be seen.').first()).toBeVisible();
  // …and by mail, in the language of their account.
  const { language } = (await pageApi<{ user: { language: 'nl' | 'en' } }>(c.page, 'GET', '/api/user.php'))
    .json.user;
  await expect
    .poll(() => outbox(c.email).some((m) => m.text.includes(t(language, 'notices.photoReasons.no_person'))))
    .toBe(true);

  // Other members no longer get it: the profile has no photo.
  const other = await activeMember(browser, `Otto${Math.floor(Math.random() * 1e4)}`, 'male');
  const seen = await pageApi<{ profile: { photos: unknown[] } }>(
    other.page,
    'GET',
    `/api/member.php?id=${c.id}`,
  );
  expect(seen.status).toBe(200);
  expect(seen.json.profile.photos).toEqual([]);
  await c.context.close();
  await other.context.close();
});
