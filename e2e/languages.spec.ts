import type { BrowserContext, Page } from '@playwright/test';
import { LOCALE_NAMES } from '../common/rules/locale';
import { LOCALES, type Locale, t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  SITES,
  type SiteHost,
  siteData,
  siteUrl,
  test,
  waitForApp,
} from './fixtures';

const YEAR_S = 365 * 86_400;

async function expectLocaleCookie(context: BrowserContext, host: SiteHost, lng: Locale) {
  const cookie = (await context.cookies(siteUrl('/', host))).find((c) => c.name === 'i18n_locale');
  expect(cookie?.value).toBe(lng);
  // Kept for 365 days.
  expect(Math.abs((cookie?.expires ?? 0) - (Date.now() / 1000 + YEAR_S))).toBeLessThan(120);
}

async function expectLanguage(page: Page, lng: Locale) {
  await expect(page.locator('html')).toHaveAttribute('lang', lng);
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: t(lng, 'shell.language', { language: LOCALE_NAMES[lng] }) }),
  ).toBeVisible();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: t(lng, 'footer.terms') }),
  ).toBeVisible();
}

test.describe('each language, chosen by the cookie', () => {
  for (const lng of LOCALES) {
    test.describe(lng, () => {
      test.use({ languageCookie: lng });

      test(`home, terms and the 404 page are in ${LOCALE_NAMES[lng]}`, async ({ page, context }) => {
        if (lng !== 'en') expect(t(lng, 'home.hero.plain.title')).not.toBe(t('en', 'home.hero.plain.title'));

        await page.goto(siteUrl('/'));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'home.hero.plain.title'));
        await expect(page.getByRole('link', { name: t(lng, 'home.cta') }).first()).toBeVisible();
        await expectLanguage(page, lng);
        await expectNoRawKeys(page);

        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: t(lng, 'footer.terms') })
          .click();
        await expect(page).toHaveURL(/\/pages\/terms$/);
        const { company } = await siteData(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'pages:terms.title'));
        await expect(page).toHaveTitle(`${t(lng, 'pages:terms.title')} – Amora`);
        await expect(page.getByRole('article')).toContainText(company.name);
        await expectLanguage(page, lng);
        await expectNoRawKeys(page);

        await page.goto(siteUrl('/no-such-page/at-all'));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'error.pageNotFound'));
        await expect(page.getByRole('link', { name: t(lng, 'error.backHome') })).toBeVisible();
        await expectLanguage(page, lng);
        await expectNoRawKeys(page);

        await page.reload();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'error.pageNotFound'));
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        expect((await context.cookies(siteUrl('/'))).find((c) => c.name === 'i18n_locale')?.value).toBe(lng);
      });
    });
  }
});

test.describe('without a cookie the site language decides', () => {
  for (const [host, lng] of [
    [SITES.amora, 'nl'],
    [SITES.flirtlicht, 'de'],
    [SITES.velvet, 'en'],
  ] as const) {
    test(`${host} speaks ${LOCALE_NAMES[lng]}`, async ({ page, context }) => {
      await page.goto(siteUrl('/', host));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectLanguage(page, lng);
      // The app writes the cookie as it starts (the server drew the page before).
      await waitForApp(page);
      await expectLocaleCookie(context, host, lng);
    });
  }
});

test('the language dropdown works by keyboard and the choice survives a reload', async ({
  page,
  context,
}) => {
  await page.goto(siteUrl('/'));
  await expectLanguage(page, 'nl');
  await waitForApp(page);
  const button = page
    .getByRole('banner')
    .getByRole('button', { name: t('nl', 'shell.language', { language: 'Nederlands' }) });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Nederlands' })).toBeFocused();
  await expect(menu.getByRole('menuitem')).toHaveCount(LOCALES.length);
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  await page.keyboard.press('ArrowDown');
  const target = menu.getByRole('menuitem', { name: LOCALE_NAMES.sv });
  for (let i = 0; i < LOCALES.length && !(await target.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');

  await expectLanguage(page, 'sv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('sv', 'home.hero.plain.title'));
  await expect(
    page
      .getByRole('banner')
      .getByRole('button', { name: t('sv', 'shell.language', { language: LOCALE_NAMES.sv }) }),
  ).toBeFocused();
  await expectLocaleCookie(context, SITES.amora, 'sv');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('sv', 'home.hero.plain.title'));
  await expectLanguage(page, 'sv');
});
