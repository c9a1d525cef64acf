import type { Page } from '@playwright/test';
import { LANDER_NAMES } from '../common/rules/landers';
import { LOCALES, t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  localeCookie,
  pageApi,
  SITES,
  shoot,
  siteUrl,
  test,
} from './fixtures';

/**
 * The landers of paid traffic: every one renders finished with real members and leads to
 * signup, in every language, at a phone's and a desktop's width; unknown ones are the 404 page; they
 * load nothing of the members area; a visitor who came with tracking values signs up with them.
 * Screens land in test-results/screens/lander-*.
 */

const pathOf = (name: string) =>
  name === 'tinderswipe' ? '/landers/tinderswipe' : `/landers/${name}/milf-summer`;
// The chunks of the members area (web/screen-table.ts): a lander's visitor downloads none of them.
const MEMBERS_AREA =
  /\/assets\/(MembersScreen|MemberProfileScreen|ChatsScreen|ChatScreen|LikesScreen|MatchFinderScreen|SwipeGameScreen|ProfileScreen|SettingsScreen|payments-area|account-area|TransactionsScreen|CreditsScreen|MemberNav|AccountMenu)-/;

async function openLander(page: Page, path: string, host: (typeof SITES)[keyof typeof SITES] = SITES.amora) {
  await page.goto(siteUrl(path, host));
  await expect(page.locator('.layout-lander h1')).toBeVisible();
  // The page shows real members once they have loaded (the demo data has members in every country).
  await page.waitForLoadState('networkidle');
}

test.describe('every lander', () => {
  for (const name of LANDER_NAMES) {
    test(`${name}: finished at 390 and 1280 px, accessible, one way on: signup`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await openLander(page, pathOf(name));
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      const cta = page.locator('main a[href="/signup"]').first();
      await expect(cta).toBeVisible();
      await expectNoRawKeys(page);
      await expectAccessible(page);
      await shoot(page, `lander-${name}`);
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'nothing wider than a phone').toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });
  }
});

test('landers load no chunk of the members area, not even when the browser is idle', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  for (const name of ['gallery', 'tinderswipe', 'video']) await openLander(page, pathOf(name));
  // The idle prefetch runs within 2 s of the first render.
  await page.waitForTimeout(2500);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => MEMBERS_AREA.test(s))).toEqual([]);
});

test.describe('in every language', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const lng of LOCALES) {
    test(`${lng}: every lander and member landing, no raw keys, nothing wider than a phone`, async ({
      page,
      context,
    }) => {
      test.slow();
      await context.addCookies([localeCookie(SITES.amora, lng)]);
      await page.goto(siteUrl('/pages/faq'));
      const shown = await pageApi<{ profiles: { id: number }[] }>(page, 'GET', '/api/showcase.php?count=1');
      const member = shown.json.profiles[0]?.id;
      const landings = ['landing', 'signup', 'landing2', 'landing3'].map((v) => `/members/${member}/${v}`);
      for (const path of [...LANDER_NAMES.map(pathOf), ...landings]) {
        await openLander(page, path);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(page.locator('main a[href="/signup"], main form.signup-form').first()).toBeVisible();
        await expectNoRawKeys(page);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} is no wider than a phone`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe('unknown landers and slugs are the 404 page', () => {
  for (const path of [
    '/landers/nope',
    '/landers/gallery/unknown-niche',
    '/landers/tinderswipe/milf',
    '/landers/video/MILF',
  ]) {
    test(path, async ({ page }) => {
      await page.goto(siteUrl(path));
      await expect(page.getByRole('main')).toContainText('404');
      await expect(page.getByRole('link', { name: t('nl', 'error.backHome') })).toHaveAttribute('href', '/');
    });
  }
});

test('a slug picks its niche: the gay slug on a plain site asks for men first', async ({ page }) => {
  await page.goto(siteUrl('/landers/gallery/gay-berlin'));
  await expect(page.locator('.layout-lander h1')).toHaveText(t('nl', 'home.hero.gay.title'));
  // The server drew the page with the members of the gay niche (7): the query it answered says so.
  const state = JSON.parse((await page.locator('#ssr-state').textContent()) ?? '[]') as [
    unknown[],
    unknown,
  ][];
  const showcase = state.find(([key]) => key[0] === 'showcase');
  expect(showcase?.[0][2]).toBe(7);
});

test('a visitor who arrives on a lander with tracking values signs up with them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openLander(
    page,
    '/landers/gallery/milf-summer?network=adnet&ref=r9&sub1=s-one&sub2=s-two&sub3=s-three&lb=1',
  );
  // The `lb` query logged a bounce and left the address.
  await expect(page).toHaveURL(
    /\/landers\/gallery\/milf-summer\?network=adnet&ref=r9&sub1=s-one&sub2=s-two&sub3=s-three$/,
  );
  await page.locator('main a[href="/signup"]').first().click();
  const dialog = page.getByRole('dialog', { name: t('nl', 'signup.title') });
  const form = dialog.locator('form.signup-form');
  const email = `lander-${Date.now() % 1e9}@example.com`;
  await form.getByLabel(t('nl', 'signup.email')).fill(email);
  await form.getByLabel(t('nl', 'signup.name')).fill('Lander');
  await form.getByLabel(t('nl', 'signup.password'), { exact: true }).fill('Kaasmarkt-in-Alkmaar-12');
  await form.getByLabel(t('nl', 'signup.dateOfBirth')).fill('1990-05-01');
  const signup = page.waitForRequest((r) => r.url().endsWith('/api/signup.php') && r.method() === 'POST');
  await form.getByRole('button', { name: t('nl', 'signup.submit') }).click();
  const body = (await signup).postDataJSON() as { tracking: Record<string, string> };
  // The server keeps them with the account and names the lander (server/routes/signup.api.test.ts).
  expect(body.tracking).toEqual({
    network: 'adnet',
    ref: 'r9',
    sub1: 's-one',
    sub2: 's-two',
    sub3: 's-three',
    landing: '/landers/gallery/milf-summer',
  });
  await expect(page).toHaveURL(/\/complete-signup$/);
});
