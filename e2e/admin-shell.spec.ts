import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  adminText,
  consoleUrl,
  demoStaff,
  expect,
  expectNoRawConsoleKeys,
  fillConsoleLogin,
  freshStaffCode,
  test,
} from './admin-fixtures';
import { t } from './catalog';
import { expectAccessible, test as memberTest, SITES, siteUrl } from './fixtures';
import { activeMember } from './members';

/**
 * The operator console's shell: its login with the second factor, the navigation of the
 * sections a role allows, language, logout, accessibility; and that members never download any of
 * it. Screens land in test-results/screens/console-*.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve('test-results/screens', `console-${name}.png`) });

/** A code that is certainly wrong now: none of the steps the server would accept. */
function wrongCode(): string {
  const staff = demoStaff();
  const totp = new TOTP({
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(staff.totpSecret),
  });
  const near = new Set([-2, -1, 0, 1, 2].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 })));
  let code = 0;
  while (near.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

test.describe('a staff member who is not logged in', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('logs in with the second factor, lands on the page asked for, and logs out', async ({ page }) => {
    test.slow(); // a fresh login may wait for the next 30-second code
    await page.setViewportSize({ width: 1280, height: 900 });
    const asked = consoleUrl('no-such-screen/42');
    await page.goto(asked);
    const form = page.locator('form.admin-login-form');
    await expect(form).toBeVisible();
    await expect(page).toHaveTitle(`${adminText('login.title')} – ${adminText('shell.title')}`);
    await expect(page.getByLabel(adminText('login.code'))).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByLabel(adminText('login.code'))).toHaveAttribute('inputmode', 'numeric');
    await expectAccessible(page);

    const staff = demoStaff();
    await fillConsoleLogin(page, { email: staff.email, password: staff.password, code: wrongCode() });
    await expect(form.getByRole('alert')).toHaveText(t('en', 'error.login_failed'));
    await expect(page.getByLabel(adminText('login.code'))).toHaveValue('');
    await expect(page.locator('.admin-shell')).toHaveCount(0);
    await shot(page, 'login-failed');

    await fillConsoleLogin(page, {
      email: staff.email,
      password: staff.password,
      code: await freshStaffCode(staff),
    });
    await expect(page.locator('.admin-shell')).toBeVisible();
    await expect(page, 'back where the login was asked for').toHaveURL(asked);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('shell.notFound.title'));
    await expect(page.locator('.admin-staff')).toContainText(adminText('shell.roles.admin'));

    await page.getByRole('button', { name: adminText('shell.logout') }).click();
    await expect(form).toBeVisible();
    await expect(page.getByText(adminText('login.loggedOut'))).toBeVisible();
    // The session is over on the server too: a reload asks again.
    await page.reload();
    await expect(form).toBeVisible();
    const me = await page.evaluate(() =>
      fetch('/api/admin/me.php', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()),
    );
    expect(me).toEqual({ staff: null });
  });
});

test.describe('the logged-in console', () => {
  test('leads from /admin to the first section and through every section of the navigation', async ({
    page,
  }) => {
    test.slow(); // every section's chunk and first data, one after another
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(consoleUrl());
    await expect(page.locator('.admin-shell')).toBeVisible();
    await expect(page.locator('.admin-staff')).toContainText('Demo admin');
    const nav = page.getByRole('navigation', { name: adminText('shell.navLabel') });
    const links = nav.getByRole('link');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') as string));
    if (hrefs.length === 0) {
      await expect(page.getByText(adminText('shell.noSections.title'))).toBeVisible();
      return;
    }
    // A section may open on a page of its own (e.g. /admin/sites/1/settings).
    const at = (href: string) => new RegExp(`^${siteUrl(href, SITES.amora)}(/|$)`);
    await expect(page).toHaveURL(at(hrefs[0] as string));
    for (const href of hrefs) {
      await nav.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(at(href));
      await expect(nav.locator(`a[href="${href}"]`)).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(` – ${adminText('shell.title')}$`));
      await expectNoRawConsoleKeys(page);
    }
    await shot(page, 'shell-1280');
  });

  test('passes axe, at a desktop’s and a phone’s width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(consoleUrl('no-such-screen'));
    await expect(page.locator('.admin-shell')).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole('button', { name: adminText('shell.menu') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#admin-nav')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'nothing wider than a phone').toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, 'shell-menu-390');
  });

  test('speaks the language chosen in its menu, and the server answers in it too', async ({
    page,
    context,
  }) => {
    // The cookie as a browser has it (set by the page, for this host only), not as a test fixture sets it.
    await context.clearCookies({ name: 'i18n_locale' });
    await context.addCookies([{ name: 'i18n_locale', value: 'en', url: consoleUrl() }]);
    await page.goto(consoleUrl('no-such-screen'));
    await expect(page.locator('.admin-shell')).toBeVisible();
    await page.getByRole('button', { name: adminText('shell.language', { language: 'English' }) }).click();
    await page.getByRole('menuitem', { name: 'Nederlands' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'admin:shell.notFound.title'));
    await expect(page.getByRole('button', { name: t('nl', 'admin:shell.logout') })).toBeVisible();
    const answer = await page.evaluate(() =>
      fetch('/api/admin/login.php', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: '{}',
      }).then((r) => r.json()),
    );
    expect(answer.message).toBe(t('nl', 'error.invalid_input'));
  });
});

memberTest(
  'members never download the console, not even when the browser is idle',
  async ({ browser, page }) => {
    memberTest.slow();
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string; css?: string[] }>;
    const consoleFiles = Object.entries(manifest)
      .filter(([source]) => source.startsWith('admin/'))
      .flatMap(([, chunk]) => [chunk.file, ...(chunk.css ?? [])].map((f) => `/${f}`));
    expect(consoleFiles.length, 'the console is a chunk family of its own').toBeGreaterThan(0);

    const watch = (p: Page, into: string[]) =>
      p.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.startsWith('/assets/')) into.push(url.pathname);
      });
    const visitor: string[] = [];
    watch(page, visitor);
    for (const p of ['/', '/pages/faq', '/login', '/landers/gallery/milf-summer']) {
      await page.goto(siteUrl(p));
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(2500); // the idle prefetch runs within 2 s

    const member = await activeMember(browser, 'Consolefree', 'female');
    const logged: string[] = [];
    watch(member.page, logged);
    for (const p of ['/members', '/chats', '/likes', '/profile']) {
      await member.page.goto(siteUrl(p));
      await member.page.waitForLoadState('networkidle');
    }
    await member.page.waitForTimeout(2500);
    await member.context.close();

    expect(visitor.length).toBeGreaterThan(0);
    expect(logged.length).toBeGreaterThan(0);
    expect(visitor.filter((f) => consoleFiles.includes(f))).toEqual([]);
    expect(logged.filter((f) => consoleFiles.includes(f))).toEqual([]);
  },
);

memberTest('robots.txt keeps crawlers out of the console', async ({ page }) => {
  const robots = await page.goto(siteUrl('/robots.txt'));
  expect(await robots?.text()).toContain('Disallow: /admin');
});
