import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { parseMail } from '../server/infra/mail/testing/inbox';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';

/**
 * The profile view as members and visitors live it: a profile opened from its address, a like
 * (and the button that follows it), a block from the profile after which each of the two gets the
 * 404 page on the other's profile (the blocker finds the blocked member in the block list only), and
 * the visitor's login-required message for a like.
 * Screens land in test-results/screens/ at phone and desktop width.
 */

// Two signups with activation mails, password hashing and a build on 2 cores.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = 'Strandpaviljoen-bij-Zandvoort-7';
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** The activation link mailed to `to`, as a path on the page's own host. */
async function activationLink(to: string): Promise<string> {
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: URL | undefined;
  await expect
    .poll(() => {
      const mails = fs.existsSync(dir)
        ? fs
            .readdirSync(dir)
            .sort()
            .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')))
            .filter((m) => m.to.toLowerCase() === to.toLowerCase())
        : [];
      const found = mails
        .at(-1)
        ?.text.match(/https?:\/\/\S+/g)
        ?.find((u) => new URL(u).pathname === '/api/activation.php');
      link = found ? new URL(found) : undefined;
      return Boolean(link);
    })
    .toBe(true);
  return `${(link as URL).pathname}${(link as URL).search}`;
}

/**
 * A new member of the Dutch site in a browser of their own, logged in and confirmed, so that
 * others may find and open their profile.
 */
async function confirmedMember(browser: Browser, label: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const name = `${label}${Math.floor(Math.random() * 1e5)}`;
  const res = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name,
    password: PASSWORD,
    date_of_birth: '1989-02-14',
    gender: label === 'Sanne' ? 'female' : 'male',
    seeking_gender: label === 'Sanne' ? 'male' : 'female',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await page.goto(siteUrl(await activationLink(email)));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const user = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  return { context, page, name, id: user.json.user.profile.id };
}

/** A member the site shows visitors (the logged-out showcase): active, visible, with a photo. */
async function someShownMember(page: Page) {
  const res = await pageApi<{ profiles: { id: number; name: string }[] }>(page, 'GET', '/api/showcase.php');
  const shown = res.json.profiles[0];
  if (!shown) throw new Error('the demo data shows no member');
  return shown;
}

test('a member opens a profile, likes it, blocks another member; then each gets the 404 page', async ({
  browser,
}) => {
  const sanne = await confirmedMember(browser, 'Sanne');
  const daan = await confirmedMember(browser, 'Daan');
  try {
    // A profile from its address: photo first, name and age as the heading.
    const other = await someShownMember(daan.page);
    await daan.page.goto(siteUrl(`/members/${other.id}`));
    await expect(daan.page.getByRole('heading', { level: 1 })).toContainText(other.name);
    // The main photo leads the strip of photos.
    await expect(daan.page.locator('.member-photo-main img').first()).toBeVisible();
    await expectAccessible(daan.page);
    await expectNoRawKeys(daan.page);
    await shoot(daan.page, 'member-profile');

    // Like: the button turns into unlike, and stays so after a reload (the server has it).
    await daan.page.getByRole('button', { name: nl('memberProfile.actions.like'), exact: true }).click();
    const unlike = daan.page.getByRole('button', { name: nl('memberProfile.actions.unlike'), exact: true });
    await expect(unlike).toBeVisible();
    await daan.page.reload();
    await expect(unlike).toBeVisible();
    // The lightbox opens on the main photo and closes with Escape.
    await daan.page.locator('.member-photo-main').first().click();
    await expect(daan.page.getByRole('dialog')).toBeVisible();
    await expectAccessible(daan.page);
    await daan.page.keyboard.press('Escape');
    await expect(daan.page.getByRole('dialog')).toHaveCount(0);

    // Before the block Daan sees Sanne's profile.
    await daan.page.goto(siteUrl(`/members/${sanne.id}`));
    await expect(daan.page.getByRole('heading', { level: 1 })).toContainText(sanne.name);

    // Sanne blocks Daan from his profile, after a confirmation, and is taken back to the search.
    await sanne.page.goto(siteUrl(`/members/${daan.id}`));
    await expect(sanne.page.getByRole('heading', { level: 1 })).toContainText(daan.name);
    await sanne.page
      .getByRole('button', { name: nl('memberProfile.block.button', { name: daan.name }) })
      .click();
    const confirm = sanne.page.getByRole('dialog', {
      name: nl('memberProfile.block.title', { name: daan.name }),
    });
    await expect(confirm).toBeVisible();
    await expectAccessible(sanne.page);
    await shoot(sanne.page, 'member-profile-block-confirm');
    await confirm.getByRole('button', { name: nl('memberProfile.block.confirm'), exact: true }).click();
    await expect(sanne.page).toHaveURL(/\/members$/);

    // Daan, blocked, gets the 404 page on Sanne's profile.
    await daan.page.reload();
    await expect(daan.page.getByRole('heading', { level: 1 })).toHaveText(nl('error.pageNotFound'));
    await expect(daan.page.getByText(sanne.name)).toHaveCount(0);
    // Her chat address shows him nothing of her either: no photo, no online state, no greeting.
    await daan.page.goto(siteUrl(`/members/${sanne.id}/chat`));
    await expect(daan.page.getByRole('heading', { level: 1 })).toHaveText(nl('error.pageNotFound'));
    await expect(daan.page.getByText(sanne.name)).toHaveCount(0);

    // Sanne sees Daan only in her block list: his profile is the 404 page for her too.
    await sanne.page.goto(siteUrl(`/members/${daan.id}`));
    await expect(sanne.page.getByRole('heading', { level: 1 })).toHaveText(nl('error.pageNotFound'));
    await shoot(sanne.page, 'member-profile-blocked');
    // She lifts the block there, and the two see each other again.
    await sanne.page.goto(siteUrl('/settings'));
    const list = sanne.page.getByRole('region', { name: nl('settings.blocked.title') });
    await list.getByRole('button', { name: nl('settings.blocked.unblockName', { name: daan.name }) }).click();
    await expect(list.getByRole('status')).toHaveText(nl('settings.blocked.unblocked', { name: daan.name }));
    await sanne.page.goto(siteUrl(`/members/${daan.id}`));
    await expect(sanne.page.getByRole('heading', { level: 1 })).toContainText(daan.name);
    await daan.page.reload();
    await expect(daan.page.getByRole('heading', { level: 1 })).toContainText(sanne.name);
  } finally {
    await sanne.context.close();
    await daan.context.close();
  }
});

test('a visitor who taps like is asked to log in or sign up', async ({ page }) => {
  await page.goto(siteUrl('/pages/faq'));
  const other = await someShownMember(page);
  await page.goto(siteUrl(`/likes/m/${other.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(other.name);
  await page.getByRole('button', { name: nl('memberProfile.actions.like'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: nl('loginRequired.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(nl('login.reason.like'));
  await expect(dialog.getByRole('link', { name: nl('loginRequired.signup') })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expectAccessible(page);
  await shoot(page, 'member-profile-login-required');
  await dialog.getByRole('link', { name: nl('loginRequired.login') }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Flikes%2Fm%2F\d+&reason=like$/);
  await expect(page.getByText(nl('login.reason.like'))).toBeVisible();
});

test('an unknown member id is the 404 page', async ({ page }) => {
  await page.goto(siteUrl('/members/999999999'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('error.pageNotFound'));
});
