import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';

/**
 * Reporting: a member reports another from the chat with messages as evidence,
 * sees the confirmation and the report under "My reports"; then reports one of their photos from
 * the profile's photo viewer. axe on the dialog and on /reports; screens in test-results/screens/.
 */

test.describe.configure({ timeout: 120_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** A photo of one colour, uploaded as the member's own (photos show at once, reviewed after). */
async function uploadPhoto(page: Page) {
  const jpeg = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .toBuffer();
  const status = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'ik.jpg');
    const res = await fetch('/api/photos.php', {
      method: 'POST',
      body: form,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    return res.status;
  }, jpeg.toString('base64'));
  expect(status).toBe(201);
}

test('a member reports another from the chat with messages, then a photo from the profile', async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Roos${suffix}`, 'female');
  const b = await activeMember(browser, `Tom${suffix}`, 'male');
  await uploadPhoto(b.page);

  // B writes to A: the messages A will report.
  for (const body of ['Hoi Roos', 'Waarom antwoord je niet? Ik blijf je schrijven tot je antwoordt']) {
    const sent = await pageApi(b.page, 'POST', '/api/messages.php', {
      client_id: randomUUID(),
      member_id: a.id,
      body,
    });
    expect(sent.status, JSON.stringify(sent.json)).toBeLessThan(300);
  }

  // A opens the chat and its report action.
  await a.page.goto(siteUrl(`/members/${b.id}/chat`));
  await expect(a.page.locator('.chat-msg')).toHaveCount(2);
  await a.page.getByRole('button', { name: nl('reports.actionMember') }).click();
  const dialog = a.page.getByRole('dialog', { name: nl('reports.dialog.title', { name: b.name }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(nl('reports.dialog.subjectMessages'))).toBeChecked();
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);

  // Sending without a choice says what is missing, at the fields.
  await dialog.getByRole('button', { name: nl('reports.dialog.submit') }).click();
  await expect(dialog.getByText(nl('validation.reportMessages'))).toBeVisible();
  await expect(dialog.getByText(nl('validation.reportReason'))).toBeVisible();

  await dialog.getByLabel(/Ik blijf je schrijven/).check();
  await expect(
    dialog.getByText(nl('reports.dialog.messagesSelected', { selected: 1, max: 20 })),
  ).toBeVisible();
  await dialog.getByLabel(nl('reports.reasons.harassment')).check();
  await dialog
    .getByLabel(nl('reports.dialog.detailsLabel'))
    .fill('Blijft schrijven nadat ik niet meer antwoordde.');
  await shoot(a.page, 'report-dialog-chat', { viewportOnly: true });
  await dialog.getByRole('button', { name: nl('reports.dialog.submit') }).click();

  const done = a.page.getByRole('dialog', { name: nl('reports.dialog.doneTitle') });
  await expect(done).toBeVisible();
  await expect(done).toContainText(nl('reports.dialog.doneText'));
  await shoot(a.page, 'report-dialog-done', { viewportOnly: true });

  // A second report of the same messages while the first is open: refused, with the way to it.
  const again = await pageApi<{ error: string }>(a.page, 'POST', '/api/reports.php', {
    member_id: b.id,
    subject: 'messages',
    reason: 'spam',
    last_messages: true,
  });
  expect(again.status).toBe(409);
  expect(again.json.error).toBe('report_exists');

  // The confirmation leads to "My reports", where the report stands open.
  await done.getByRole('link', { name: nl('reports.dialog.myReports') }).click();
  await expect(a.page).toHaveURL(/\/reports$/);
  await expect(a.page.getByRole('heading', { level: 1, name: nl('reports.list.title') })).toBeVisible();
  const card = a.page.locator('.reports-card').filter({ hasText: b.name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(nl('reports.status.open'));
  await expect(card).toContainText(nl('reports.subjects.messages'));
  await expect(card).toContainText(nl('reports.reasons.harassment'));
  await expect(card).toContainText(nl('reports.list.evidence', { number: 1 }));

  // From B's profile: the photo viewer's "report this photo".
  await a.page.goto(siteUrl(`/members/${b.id}`));
  await a.page.locator('.member-photo-main').click();
  await a.page.getByRole('button', { name: nl('reports.actionPhoto') }).click();
  const photoDialog = a.page.getByRole('dialog', { name: nl('reports.dialog.title', { name: b.name }) });
  await expect(photoDialog).toBeVisible();
  await expect(photoDialog.getByLabel(nl('reports.dialog.subjectPhoto'))).toBeChecked();
  await expect(photoDialog.getByLabel(nl('reports.dialog.photoLabel', { number: 1 }))).toBeChecked();
  await photoDialog.getByLabel(nl('reports.reasons.other')).check();
  await photoDialog
    .getByLabel(nl('reports.dialog.detailsLabel'))
    .fill('Deze foto komt van een stockfotosite.');
  await expectAccessible(a.page);
  await shoot(a.page, 'report-dialog-photo', { viewportOnly: true });
  await photoDialog.getByRole('button', { name: nl('reports.dialog.submit') }).click();
  await expect(a.page.getByRole('dialog', { name: nl('reports.dialog.doneTitle') })).toBeVisible();
  await a.page
    .getByRole('button', { name: nl('reports.dialog.close') })
    .last()
    .click();

  // The account menu leads to "My reports": both reports, newest first.
  await a.page.getByRole('button', { name: nl('account.menu', { name: a.name }) }).click();
  await a.page.getByRole('menuitem', { name: nl('reports.list.title') }).click();
  await expect(a.page).toHaveURL(/\/reports$/);
  const cards = a.page.locator('.reports-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(nl('reports.subjects.photo'));
  await expect(cards.first()).toContainText(nl('reports.reasons.other'));
  await expect(a.page.getByText(nl('notices.empty'))).toBeVisible();
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);
  await shoot(a.page, 'reports-mine');

  // B is told nothing of who reported them; B's own "My reports" is empty.
  await b.page.goto(siteUrl('/reports'));
  await expect(b.page.getByText(nl('reports.list.empty'))).toBeVisible();
  await expect(b.page.locator('.reports-card')).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});
