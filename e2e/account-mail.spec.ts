import path from 'node:path';
import type { Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, siteUrl, test } from './fixtures';
import { outbox } from './outbox';

/**
 * The account's mail, as a member lives it: the activation reminder and its resend, the link in
 * the mail, changing the address and the password in the settings, and a forgotten password. Mail
 * is read from the server's outbox (the server runs without SMTP_URL). Screens land in
 * test-results/screens/ at phone and desktop width.
 */

// Each journey hashes passwords several times and waits for mail: more than the default 30 s on 2 cores.
test.describe.configure({ timeout: 60_000 });

const PASSWORD = 'Zeilboot-op-het-IJ-31';
const NEW_PASSWORD = 'Fietsbel-op-de-Dam-42';
const RESET_PASSWORD = 'Tulpen-in-de-vensterbank-8';
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.resolve('test-results/screens', `${name}.png`), fullPage });

const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A new member, logged in in this page, as signup leaves one: not confirmed yet. */
async function signUp(page: Page) {
  await page.goto(siteUrl('/pages/faq'));
  const email = `mail-${unique()}@example.test`;
  const res = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name: `Iris${Math.floor(Math.random() * 1e6)}`,
    password: PASSWORD,
    date_of_birth: '1990-08-21',
    gender: 'female',
    seeking_gender: 'male',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

/** The newest link to `linkPath` in a mail to `to`, as a path on the page's own host. */
async function mailedLink(to: string, linkPath: string, count = 1): Promise<string> {
  let link: URL | undefined;
  await expect
    .poll(() => {
      const mails = outbox(to).filter((m) => m.text.includes(linkPath));
      const match = mails
        .at(-1)
        ?.text.match(/https?:\/\/\S+/g)
        ?.find((u) => new URL(u).pathname === linkPath);
      link = match ? new URL(match) : undefined;
      return mails.length >= count && Boolean(link);
    })
    .toBe(true);
  return `${(link as URL).pathname}${(link as URL).search}`;
}

test('activation: the reminder, a new mail, the link, and the link used twice', async ({ page }) => {
  const email = await signUp(page);
  await page.goto(siteUrl('/pages/faq'));
  const reminder = page.getByRole('region', { name: nl('accountMail.reminder.title') });
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText(nl('accountMail.reminder.text'));
  await expectAccessible(page);

  await reminder.getByRole('button', { name: nl('accountMail.resend') }).click();
  await expect(reminder.getByRole('status')).toHaveText(nl('accountMail.resent'));
  const link = await mailedLink(email, '/api/activation.php', 2);
  const mail = outbox(email).at(-1);
  expect(mail?.subject).toBe('Bevestig je e-mailadres voor Amora');
  expect(mail?.html).toContain('E-mailadres bevestigen');

  // Not on settings.
  await page.goto(siteUrl('/settings'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: nl('accountMail.reminder.title') })).toHaveCount(0);

  await page.goto(siteUrl(link));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('accountMail.activateDone.title'));
  await expect(page.getByRole('region', { name: nl('accountMail.reminder.title') })).toHaveCount(0);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  const user = await pageApi<{ user: { status: string; email_confirmed: boolean } }>(
    page,
    'GET',
    '/api/user.php',
  );
  expect(user.json.user).toMatchObject({ status: 'active', email_confirmed: true });

  // Followed again: the account is fine, and the page says so instead of a failure.
  await page.goto(siteUrl(link));
  await expect(page).toHaveURL(/\/activate\/done\?already=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('accountMail.activateDone.title'));
  await expect(page.getByText(nl('accountMail.activateDone.already'))).toBeVisible();
});

test('a visitor with a broken activation link is told to log in', async ({ page }) => {
  await page.goto(siteUrl(`/api/activation.php?token=${'x'.repeat(43)}`));
  await expect(page).toHaveURL(/\/activate\/error$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activeren mislukt');
  await expect(page.getByText(nl('accountMail.activateError.loginText'))).toBeVisible();
  await expectAccessible(page);
});

test('on a phone, the end of signup shows the reminder as a modal', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto(siteUrl('/pages/faq?api_signup_complete=1'));
  const modal = page.getByRole('dialog', { name: nl('accountMail.reminder.modalTitle') });
  await expect(modal).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'activation-reminder-modal-390', false);
  await modal.getByRole('button', { name: nl('accountMail.reminder.later') }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(page.getByRole('region', { name: nl('accountMail.reminder.title') })).toBeVisible();
  await shot(page, 'activation-reminder-390', false);
});

test('settings: a new e-mail address confirmed by its link, then a new password', async ({ page }) => {
  const email = await signUp(page);
  await page.goto(siteUrl('/settings'));
  const emailForm = page.getByRole('region', { name: nl('accountMail.changeEmail.title') });
  const newEmail = `moved-${unique()}@example.test`;

  await emailForm.getByLabel(nl('accountMail.changeEmail.newEmail')).fill('not an address');
  await emailForm.getByLabel(nl('accountMail.currentPassword')).fill(PASSWORD);
  await emailForm.getByRole('button', { name: nl('accountMail.changeEmail.submit') }).click();
  await expect(emailForm.getByText('Dit e-mailadres heeft al een account op deze site.')).toBeVisible();

  await emailForm.getByLabel(nl('accountMail.changeEmail.newEmail')).fill(email);
  await emailForm.getByRole('button', { name: nl('accountMail.changeEmail.submit') }).click();
  await expect(emailForm.getByText('Dit e-mailadres heeft al een account op deze site.')).toBeVisible();

  await emailForm.getByLabel(nl('accountMail.changeEmail.newEmail')).fill(newEmail);
  await emailForm.getByLabel(nl('accountMail.currentPassword')).fill(PASSWORD);
  await emailForm.getByRole('button', { name: nl('accountMail.changeEmail.submit') }).click();
  await expect(emailForm.getByRole('status')).toHaveText(
    nl('accountMail.changeEmail.sent', { email: newEmail }),
  );

  const link = await mailedLink(newEmail, '/mail-change/do');
  await page.goto(siteUrl(link));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('accountMail.mailChangeDo.title'));
  await expectAccessible(page);
  await page.getByRole('button', { name: nl('accountMail.mailChangeDo.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('accountMail.mailChangeDo.doneTitle'));
  await expect.poll(() => outbox(email).some((m) => m.subject.includes('is gewijzigd'))).toBe(true);

  await page.goto(siteUrl('/settings#password'));
  const passwordForm = page.getByRole('region', { name: nl('accountMail.changePassword.title') });
  const fill = async (old: string, next: string, repeat: string) => {
    await passwordForm.getByLabel(nl('accountMail.currentPassword')).fill(old);
    await passwordForm.getByLabel(nl('accountMail.newPassword')).fill(next);
    await passwordForm.getByLabel(nl('accountMail.repeatPassword')).fill(repeat);
    await passwordForm.getByRole('button', { name: nl('accountMail.changePassword.submit') }).click();
  };
  await fill(PASSWORD, NEW_PASSWORD, `${NEW_PASSWORD}!`);
  await expect(passwordForm.getByText('De opgegeven wachtwoorden zijn niet gelijk.')).toBeVisible();
  await fill('Niet-mijn-wachtwoord-1', NEW_PASSWORD, NEW_PASSWORD);
  await expect(passwordForm.getByText(nl('error.wrong_password'))).toBeVisible();
  await fill(PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
  await expect(passwordForm.getByRole('status')).toHaveText(nl('accountMail.changePassword.done'));
  await expectAccessible(page);

  const login = await pageApi(page, 'POST', '/api/user.php', { email: newEmail, password: NEW_PASSWORD });
  expect(login.status).toBe(200);
});

test('forgotten password: unknown address, the mail, the new password, the link used up', async ({
  page,
}) => {
  const email = await signUp(page);
  await pageApi(page, 'GET', '/api/logout.php');
  await page.goto(siteUrl('/reset-password'));
  const field = page.getByLabel(nl('accountMail.email'));
  await field.fill(`nobody-${unique()}@example.test`);
  await page.getByRole('button', { name: nl('accountMail.resetRequest.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText(nl('error.email_not_found'));
  await expectAccessible(page);

  await field.fill(email);
  await page.getByRole('button', { name: nl('accountMail.resetRequest.submit') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('accountMail.resetRequest.sentTitle'));
  const link = await mailedLink(email, '/reset-password/do');

  await page.goto(siteUrl(link));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('accountMail.resetDo.title'));
  await expectAccessible(page);
  await shot(page, 'reset-password-do-1280');
  await page.getByLabel(nl('accountMail.newPassword')).fill('kort');
  await page.getByLabel(nl('accountMail.repeatPassword')).fill('kort');
  await page.getByRole('button', { name: nl('accountMail.resetDo.submit') }).click();
  await expect(page.getByText(nl('validation.passwordLength', { min: 8, max: 128 }))).toBeVisible();
  await page.getByLabel(nl('accountMail.newPassword')).fill(RESET_PASSWORD);
  await page.getByLabel(nl('accountMail.repeatPassword')).fill(RESET_PASSWORD);
  await page.getByRole('button', { name: nl('accountMail.resetDo.submit') }).click();
  await expect(page.getByText(nl('accountMail.resetDo.done'))).toBeVisible();
  await expectAccessible(page);

  expect((await pageApi(page, 'POST', '/api/user.php', { email, password: PASSWORD })).status).toBe(401);
  expect((await pageApi(page, 'POST', '/api/user.php', { email, password: RESET_PASSWORD })).status).toBe(
    200,
  );

  await page.goto(siteUrl(link));
  await expect(page.getByRole('alert')).toHaveText('Link verlopen of invalid, vraag een nieuwe e-mail aan');
  await expect(page.getByRole('link', { name: nl('accountMail.resetDo.newMail') })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`account mail screens look finished at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const pages: [string, string][] = [
      ['/reset-password', 'reset-password'],
      [`/reset-password/do?token=${'y'.repeat(43)}`, 'reset-password-do-invalid'],
      ['/activate/error', 'activate-error'],
      ['/activate/done', 'activate-done'],
      [`/mail-change/do?token=${'z'.repeat(43)}`, 'mail-change-do'],
    ];
    for (const [url, name] of pages) {
      await page.goto(siteUrl(url));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoRawKeys(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow, `${name} scrolls sideways`).toBe(false);
      await shot(page, `${name}-${width}`);
    }
    await signUp(page);
    await page.goto(siteUrl('/pages/faq'));
    await expect(page.getByRole('region', { name: nl('accountMail.reminder.title') })).toBeVisible();
    await shot(page, `activation-reminder-${width}`, false);
    await page.goto(siteUrl('/settings#email'));
    await expect(page.getByRole('region', { name: nl('accountMail.changeEmail.title') })).toBeVisible();
    await shot(page, `settings-account-access-${width}`);
  });
}
