import path from 'node:path';
import type { Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, SITES, siteUrl, test } from './fixtures';

/**
 * Signup, login and the session, as a visitor lives them: the signup modal on a desktop and the
 * signup page on a phone, the draft that survives a reload, every signup rule's message, the modal that
 * holds while the signup is under way, /complete-signup and /signup-matches, the account dropdown,
 * logout and login (failure, login-required redirect, the demo login). Screens land in
 * test-results/screens/ at phone and desktop width.
 */

const PASSWORD = 'Kaasmarkt-in-Alkmaar-12';
const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve('test-results/screens', `${name}.png`), fullPage: true });
const unique = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e4)}`;

async function fillSignup(
  page: Page,
  values: {
    email: string;
    name: string;
    password?: string;
    birth: string;
    gender?: string;
    seeking?: string;
  },
) {
  const form = page.locator('form.signup-form');
  if (values.gender)
    await form
      .getByRole('group', { name: nl('signup.gender') })
      .getByText(values.gender, { exact: true })
      .click();
  if (values.seeking)
    await form
      .getByRole('group', { name: nl('signup.seeking_gender') })
      .getByText(values.seeking, { exact: true })
      .click();
  await form.getByLabel(nl('signup.email')).fill(values.email);
  await form.getByLabel(nl('signup.name')).fill(values.name);
  if (values.password !== undefined)
    await form.getByLabel(nl('signup.password'), { exact: true }).fill(values.password);
  await form.getByLabel(nl('signup.dateOfBirth')).fill(values.birth);
}

const signupDialog = (page: Page) => page.getByRole('dialog', { name: nl('signup.title') });

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('signup is a modal over the page; the draft survives a reload; every rule has its Dutch text', async ({
    page,
  }) => {
    // A long journey on a machine that runs other suites beside it.
    test.slow();
    await page.goto(siteUrl('/'));
    await page
      .getByRole('link', { name: nl('home.cta') })
      .first()
      .click();
    const dialog = signupDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    // The page the visitor came from stays below the modal.
    await expect(page.locator('.home-hero h1')).toBeAttached();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shot(page, 'signup-modal-1280');

    // Escape, a click beside it and the close button close it while nothing is under way, back to the page below.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(siteUrl('/'));
    await page
      .getByRole('link', { name: nl('home.cta') })
      .first()
      .click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(10, 450);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(siteUrl('/'));
    await page
      .getByRole('link', { name: nl('home.cta') })
      .first()
      .click();
    await dialog.getByRole('button', { name: nl('signup.close') }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(siteUrl('/'));

    await page.goto(siteUrl('/signup'));
    await expect(dialog).toBeVisible();
    const email = `anna${unique()}@example.test`;
    await fillSignup(page, { email, name: email, password: 'wachtwoord', birth: '2015-06-01' });
    await dialog.getByRole('button', { name: nl('signup.submit') }).click();
    await expect(dialog.getByText('Je profielnaam moet anders zijn dan je e-mailadres')).toBeVisible();
    await expect(dialog.getByText('Vul uw geboortedatum in (18+ jaar)')).toBeVisible();
    await expect(dialog.getByText(nl('validation.passwordCommon'))).toBeVisible();
    await dialog.getByLabel(nl('signup.name')).fill('@anna');
    await dialog.getByLabel(nl('signup.dateOfBirth')).fill('2099-01-01');
    await dialog.getByLabel(nl('signup.email')).fill('anna@');
    await dialog.getByRole('button', { name: nl('signup.submit') }).click();
    await expect(dialog.getByText('Ongeldige e-mail')).toBeVisible();
    await expect(dialog.getByText('Ongeldige geboortedatum.')).toBeVisible();
    await expect(dialog.getByText(nl('validation.nameStartsWithAt'))).toBeVisible();
    await expect(dialog.getByLabel(nl('signup.email'))).toHaveAttribute('aria-invalid', 'true');

    // The draft survives a reload, without the password.
    await fillSignup(page, {
      email,
      name: 'Anna',
      password: PASSWORD,
      birth: '1994-06-01',
      gender: 'Vrouw',
      seeking: 'Man',
    });
    await page.reload();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(nl('signup.email'))).toHaveValue(email);
    await expect(dialog.getByLabel(nl('signup.name'))).toHaveValue('Anna');
    await expect(dialog.getByLabel(nl('signup.dateOfBirth'))).toHaveValue('1994-06-01');
    await expect(dialog.getByLabel('Vrouw').first()).toBeChecked();
    await expect(dialog.getByLabel(nl('signup.password'), { exact: true })).toHaveValue('');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(PASSWORD);
  });

  test('while the signup is under way the modal holds; then the new member completes the profile and sees matches', async ({
    page,
  }) => {
    // A long journey on a machine that runs other suites beside it.
    test.slow();
    await page.goto(siteUrl('/signup'));
    const dialog = signupDialog(page);
    const email = `lisa${unique()}@example.test`;
    await fillSignup(page, {
      email,
      name: `Lisa${unique().slice(-4)}`,
      password: PASSWORD,
      birth: '1990-02-11',
      gender: 'Vrouw',
      seeking: 'Man',
    });

    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/signup.php', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: nl('signup.submit') }).click();
    await expect(dialog.getByRole('button', { name: nl('signup.submitting') })).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 10);
    await dialog.getByRole('button', { name: nl('signup.close') }).click();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    release();

    // Signed up: logged in, the modal gone, on to the rest of the profile.
    await expect(page).toHaveURL(/\/complete-signup$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      nl('completeSignup.title', { name: '' }).split(',')[0] as string,
    );
    // No language dropdown here, and no entry warning.
    await expect(page.locator('.language-menu')).toHaveCount(0);
    await expect(page.locator('.account-menu')).toBeVisible();
    const user = await page.evaluate(() =>
      fetch('/api/user.php', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()),
    );
    expect(user.user).toMatchObject({ status: 'not_confirmed', email_confirmed: false });

    await page.getByLabel(nl('completeSignup.field.relationship_status')).selectOption('single');
    await page.getByLabel(nl('completeSignup.field.seeking_min_age')).selectOption('25');
    await page.getByLabel(nl('completeSignup.field.seeking_max_age')).selectOption('60');
    await page.getByText(nl('interest.travelling')).click();
    await page.getByText(nl('interest.wine')).click();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shot(page, 'complete-signup-1280');
    await page.getByRole('button', { name: nl('completeSignup.save') }).click();

    // At 1280 px the finished signup's marker stays in the URL: the reminder is an alert, not a modal.
    await expect(page).toHaveURL(/\/signup-matches\?api_signup_complete=1$/);
    await expect(page.getByRole('heading', { level: 1, name: nl('signupMatches.title') })).toBeVisible();
    await expect(page.locator('.signup-matches-page')).toHaveAttribute('aria-busy', 'false');
    // Members with a photo come first.
    const photos = await page
      .locator('.profile-grid li')
      .evaluateAll((items) => items.map((li) => Boolean(li.querySelector('img'))));
    expect(photos.indexOf(false) === -1 || photos.slice(photos.indexOf(false)).every((p) => !p)).toBe(true);
    await expectAccessible(page);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shot(page, 'signup-matches-1280');
    await expect(page.getByRole('link', { name: nl('signupMatches.continue') })).toHaveAttribute(
      'href',
      '/members',
    );

    // The account dropdown: my profile, settings, my purchases, logout.
    const menu = page.getByRole('button', { name: new RegExp(nl('account.menu', { name: '' }).trim()) });
    await menu.click();
    await expect(page.getByRole('menuitem')).toHaveText([
      nl('account.myProfile'),
      nl('account.settings'),
      nl('account.transactions'),
      nl('reports.list.title'),
      nl('account.logout'),
    ]);
    await shot(page, 'account-menu-1280');
    await page.getByRole('menuitem', { name: nl('account.settings') }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await menu.click();
    await page.getByRole('menuitem', { name: nl('account.myProfile') }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await menu.click();
    await page.getByRole('menuitem', { name: nl('account.logout') }).click();
    await expect(page).toHaveURL(siteUrl('/'));
    await expect(page.getByRole('link', { name: nl('shell.login') })).toBeVisible();
    await expect(page.locator('.account-menu')).toHaveCount(0);

    // Logging in again with the new account.
    await page.getByRole('link', { name: nl('shell.login') }).click();
    await page.getByLabel(nl('login.email')).fill(email);
    await page.getByLabel(nl('login.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.locator('.account-menu')).toBeVisible();
  });

  test('an address that has an account gets the message with a way to log in, which closes the modal', async ({
    page,
  }) => {
    await page.goto(siteUrl('/signup'));
    await fillSignup(page, {
      email: DEMO.email,
      name: `Bram${unique().slice(-4)}`,
      password: PASSWORD,
      birth: '1988-09-09',
    });
    const dialog = signupDialog(page);
    await dialog.getByRole('button', { name: nl('signup.submit') }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: nl('error.account_exists') });
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: nl('shell.login') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel(nl('login.email'))).toHaveValue(DEMO.email);
  });

  test('login: the failure message, the login-required message, back where the member was going', async ({
    page,
  }) => {
    await page.goto(siteUrl('/login?redirect=/notifications&reason=chat'));
    await expect(page.getByText(nl('login.reason.chat'))).toBeVisible();
    await page.getByLabel(nl('login.email')).fill(DEMO.email);
    await page.getByLabel(nl('login.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText('Login mislukt, probeer opnieuw');
    await expectAccessible(page);
    await shot(page, 'login-1280');

    await page.getByLabel(nl('login.password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.locator('.account-menu')).toBeVisible();

    // A language change while logged in is saved on the account (PUT /api/user.php).
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/user.php') && r.method() === 'PUT');
    await page.locator('.language-menu button').first().click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    expect((await saved).postDataJSON()).toEqual({ language: 'en' });
    await expect
      .poll(() =>
        page.evaluate(() =>
          fetch('/api/user.php', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
            .then((r) => r.json())
            .then((d) => d.user.language),
        ),
      )
      .toBe('en');
    // Back to Dutch for the other tests of this member.
    await page.locator('.language-menu button').first().click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('signup is closed where the site wants a traffic source, unless one came along', async ({ page }) => {
    await page.goto(siteUrl('/signup', SITES.flirtlicht));
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t('de', 'error.signups_closed'))).toBeVisible();
    await expect(dialog.locator('form')).toHaveCount(0);
    await page.goto(siteUrl('/signup?network=partner1&sub1=banner', SITES.flirtlicht));
    await expect(dialog.locator('form.signup-form')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('signup is the /signup page, not a modal', async ({ page }) => {
    // When the browser is first idle, the screens opened next are fetched on purpose (idle
    // prefetch): the moment is noted, so that only what the first page itself loads is judged.
    await page.addInitScript(() => {
      const idle = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (run, options) =>
        idle((deadline) => {
          (window as { firstIdleAt?: number }).firstIdleAt ??= performance.now();
          run(deadline);
        }, options);
    });
    await page.goto(siteUrl('/'));
    await expect(page.locator('.home-hero h1')).toBeVisible();
    const scripts = await page.evaluate(() => {
      const idleAt = (window as { firstIdleAt?: number }).firstIdleAt ?? Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < idleAt && new URL(e.name).pathname.endsWith('.js'))
        .map((e) => new URL(e.name).pathname);
    });
    expect(scripts.length).toBeGreaterThan(0);
    // A visitor's first page carries none of the logged-in parts or the signup screens.
    expect(scripts.filter((s) => /AccountMenu|Signup|LoginScreen/.test(s))).toEqual([]);
    await page
      .getByRole('link', { name: nl('home.cta') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: nl('signup.title') })).toBeVisible();
    await expect(page.locator('form.signup-form')).toBeVisible();
    await expect(page.locator('.home-hero')).toHaveCount(0);
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shot(page, 'signup-page-390');
  });

  test('the rest of the journey fits a phone: complete-signup, matches, the account menu, login', async ({
    page,
  }) => {
    // A long journey on a machine that runs other suites beside it.
    test.slow();
    await page.goto(siteUrl('/signup'));
    await fillSignup(page, {
      email: `noor${unique()}@example.test`,
      name: `Noor${unique().slice(-4)}`,
      password: PASSWORD,
      birth: '1985-12-01',
      gender: 'Vrouw',
      seeking: 'Man',
    });
    await page.getByRole('button', { name: nl('signup.submit') }).click();
    await expect(page).toHaveURL(/\/complete-signup$/);
    await expect(page.getByLabel(nl('completeSignup.field.sexuality'))).toBeVisible();
    await shot(page, 'complete-signup-390');
    await page.getByRole('link', { name: nl('completeSignup.later') }).click();
    // On a phone a finished signup shows the activation reminder as a modal; closing it
    // takes the marker out of the URL so a reload shows the alert instead.
    await expect(page).toHaveURL(/\/signup-matches\?api_signup_complete=1$/);
    await page.getByRole('button', { name: nl('accountMail.reminder.later') }).click();
    await expect(page).toHaveURL(/\/signup-matches$/);
    await expect(page.locator('.signup-matches-page')).toHaveAttribute('aria-busy', 'false');
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await shot(page, 'signup-matches-390');
    // On a phone the account's items are under the tab bar's "Me".
    await page
      .getByRole('navigation', { name: nl('nav.member') })
      .getByRole('link', { name: nl('nav.tabs.me'), exact: true })
      .click();
    await expect(page.getByRole('button', { name: nl('account.logout') })).toBeVisible();
    await shot(page, 'account-me-390');
    await page.getByRole('button', { name: nl('account.logout') }).click();
    await expect(page).toHaveURL(siteUrl('/'));

    await page.goto(siteUrl('/login'));
    await expectAccessible(page);
    await shot(page, 'login-390');
    await page.getByLabel(nl('login.email')).fill(DEMO.email);
    await page.getByLabel(nl('login.password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
  });
});
