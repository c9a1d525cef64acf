import type { Browser, Page, Response } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { outbox } from './outbox';

/**
 * What a new member stumbled over: the activation link (the host they signed up on, their
 * language, logged in, no entry warning; a link used twice), the login during the deletion
 * period, the games for a visitor, and failed requests in the console of ordinary pages.
 */

// Signups, scrypt and mail on 2 cores: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });
// The entry warning is part of what is tested here: nothing dismisses it beforehand.
test.use({ entryWarningDismissed: false });

const PASSWORD = 'Zeilboot-op-het-IJ-31';
const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
/** The Dutch site under one of its aliases, the host a member may well sign up on. */
const aliasUrl = (path: string) => siteUrl(path).replace('//amora.localhost:', '//localhost:');

/** Every answer of 400 or more the page gets, as "status path". */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (res: Response) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  return failed;
}

/** The newest link to `linkPath` in a mail to `to`. */
async function mailedLink(to: string, linkPath: string): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(() => {
      const found = outbox(to)
        .at(-1)
        ?.text.match(/https?:\/\/\S+/g)
        ?.find((u) => new URL(u).pathname === linkPath);
      link = found ? new URL(found) : undefined;
      return Boolean(link);
    })
    .toBe(true);
  return link as URL;
}

const reactivationMails = (to: string) =>
  outbox(to).filter((m) => m.text.includes('/account-deleted?token='));

/** Signs a member up through the API in a page on `url`; gives the address. */
async function signUp(page: Page, url: string, prefix: string) {
  await page.goto(url);
  const email = `${prefix}-${unique()}@example.test`;
  const res = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name: `Lotte${Math.floor(Math.random() * 1e6)}`,
    password: PASSWORD,
    date_of_birth: '1991-02-17',
    gender: 'female',
    seeking_gender: 'male',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('the activation link opens on the signup host, in the member’s language, logged in, without the entry warning', async ({
  browser,
}) => {
  // Signed up on an alias of the Dutch site, in German.
  const signup = await freshPage(browser);
  await signup.context.addCookies([{ name: 'i18n_locale', value: 'de', domain: 'localhost', path: '/' }]);
  const email = await signUp(signup.page, aliasUrl('/pages/faq'), 'host');
  await signup.context.close();

  const link = await mailedLink(email, '/api/activation.php');
  expect(link.hostname).toBe('localhost');

  // Opened in another browser (the phone's mail app), where nothing is remembered yet.
  const { context, page } = await freshPage(browser);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link.href);
  await expect(page).toHaveURL(/\/\/localhost:\d+\/activate\/done$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('de', 'accountMail.activateDone.title'));
  await expect(page.getByRole('link', { name: t('de', 'accountMail.activateDone.toMembers') })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const me = await pageApi<{ user: { email_confirmed: boolean; language: string } | null }>(
    page,
    'GET',
    '/api/user.php',
  );
  expect(me.json.user).toMatchObject({ email_confirmed: true, language: 'de' });
  await expectAccessible(page);
  await expectNoRawKeys(page);

  // The same link again: the account is fine, so it says so, in green, not "Activation failed".
  await page.goto(link.href);
  await expect(page).toHaveURL(/\/activate\/done\?already=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('de', 'accountMail.activateDone.title'));
  await expect(page.getByText(t('de', 'accountMail.activateDone.already'))).toBeVisible();
  await expect(page.getByText(t('de', 'accountMail.activateError.title'))).toHaveCount(0);
  await shoot(page, 'activate-already');
  await context.close();

  // Used in a browser that is logged out: the same news, and the way to log in.
  const other = await freshPage(browser);
  await other.context.addInitScript(() =>
    localStorage.setItem('dismissed:entry-warning', String(Date.now())),
  );
  await other.page.goto(link.href);
  await expect(other.page).toHaveURL(/\/activate\/done\?already=1$/);
  await expect(other.page.getByText(t('de', 'accountMail.activateDone.already'))).toBeVisible();
  await expect(other.page.getByText(t('de', 'accountMail.activateDone.alreadyLogin'))).toBeVisible();
  await expect(
    other.page.getByRole('main').getByRole('link', { name: t('de', 'shell.login') }),
  ).toBeVisible();
  await expectAccessible(other.page);
  await other.context.close();
});

test('the right password during the deletion period offers the reactivation mail; a wrong one does not', async ({
  page,
}) => {
  await page
    .context()
    .addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  const email = await signUp(page, siteUrl('/pages/faq'), 'deleted');
  const deleted = await pageApi(page, 'DELETE', '/api/account.php', {
    reason: 'no_matches',
    password: PASSWORD,
  });
  expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
  await expect.poll(() => reactivationMails(email).length).toBe(1);
  expect(reactivationMails(email).at(-1)?.text).toContain('14 dagen');

  await page.goto(siteUrl('/login'));
  const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
  await page.getByLabel(nl('login.email')).fill(email);
  await page.getByLabel(nl('login.password'), { exact: true }).fill('Niet-het-wachtwoord-9');
  await page.getByRole('button', { name: nl('login.submit') }).click();
  await expect(page.getByRole('alert')).toHaveText('Login mislukt, probeer opnieuw');
  await expect(page.getByRole('button', { name: nl('login.reactivate') })).toHaveCount(0);

  await page.getByLabel(nl('login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: nl('login.submit') }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(nl('error.account_reactivatable_other', { days: 14 }));
  await expectAccessible(page);
  await shoot(page, 'login-deleted-account');
  await alert.getByRole('button', { name: nl('login.reactivate') }).click();
  await expect(alert.getByRole('status')).toHaveText(nl('accountDeleted.resent'));
  await expect.poll(() => reactivationMails(email).length).toBe(2);
  expect(reactivationMails(email).at(-1)?.text).toContain('14 dagen');
});

for (const game of ['/match-finder', '/swipe-game']) {
  test(`a visitor of ${game} goes to the login without a failed call`, async ({ page }) => {
    await page
      .context()
      .addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
    const failed = failedRequests(page);
    await page.goto(siteUrl(game));
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(game)}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'login.title'));
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
  });
}

test('a member who gets no welcome offer sees no failed request on page after page', async ({ page }) => {
  await page
    .context()
    .addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  await page.goto(siteUrl('/pages/faq'));
  expect((await pageApi(page, 'POST', '/api/user.php', DEMO)).status).toBe(200);
  const failed = failedRequests(page);
  for (const path of ['/members', '/likes', '/chats', '/premium', '/credits', '/settings']) {
    await page.goto(siteUrl(path));
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(failed).toEqual([]);
});
