import type { Page } from '@playwright/test';
import type { ShowcaseResponse } from '../common/api/showcase';
import { LOCALE_NAMES } from '../common/rules/locale';
import { type Locale, t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  SITES,
  type SiteHost,
  siteData,
  siteUrl,
  test,
} from './fixtures';

const FOOTER_LINKS = [
  ['footer.terms', '/pages/terms'],
  ['footer.privacy', '/pages/privacy'],
  ['footer.cookies', '/pages/cookies'],
  ['footer.ban', '/pages/ban'],
  ['footer.pricing', '/pricing'],
  ['footer.complaints', '/complaints'],
  ['footer.returnPolicy', '/pages/return-policy'],
  ['footer.faq', '/pages/faq'],
  ['footer.support', '/pages/service'],
] as const;

/** Opens the home page once the member sample's answer has arrived, and returns what the page loaded. */
async function openHome(page: Page, host: SiteHost) {
  const sampleAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/showcase.php');
  await page.goto(siteUrl('/', host));
  // The server draws the page with the sample, which its state then carries; else the browser asks.
  const drawn = await page.evaluate(() => {
    const state = JSON.parse(document.getElementById('ssr-state')?.textContent ?? '[]') as [
      unknown[],
      unknown,
    ][];
    return state.find(([key]) => key[0] === 'showcase')?.[1] ?? null;
  });
  if (drawn) sampleAnswer.catch(() => undefined);
  const showcase = (drawn ?? (await (await sampleAnswer).json())) as ShowcaseResponse;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { ...(await siteData(page)), showcase };
}

/** The parts of the shell every logged-out visitor sees: top bar, footer, copyright, disclaimer. */
async function expectLoggedOutShell(page: Page, lng: Locale, site: string) {
  await expect(page.locator('.layout.logged-out')).toHaveCount(1);
  await expect(page.locator('.layout.logged-in')).toHaveCount(0);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: t(lng, 'shell.login') })).toHaveAttribute('href', '/login');
  await expect(
    header.getByRole('button', { name: t(lng, 'shell.language', { language: LOCALE_NAMES[lng] }) }),
  ).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const [key, href] of FOOTER_LINKS)
    await expect(footer.getByRole('link', { name: t(lng, key), exact: true })).toHaveAttribute('href', href);
  await expect(footer).toContainText(t(lng, 'footer.copyright', { year: new Date().getFullYear(), site }));
  await expect(page.getByRole('complementary', { name: t(lng, 'disclaimer.label') })).toContainText(
    t(lng, 'disclaimer.adults', { site }),
  );
}

for (const width of [390, 1280]) {
  test.describe(`home page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('sells the site to a logged-out visitor in the site language', async ({ page }) => {
      const { settings, company } = await openHome(page, SITES.amora);
      const site = settings.name;
      await expect(page).toHaveTitle(settings.index_title);
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

      const hero = page.getByRole('region', { name: t('nl', 'home.hero.plain.title') });
      await expect(hero.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'home.hero.plain.title'));
      await expect(hero).toContainText(t('nl', 'home.hero.plain.subtitle', { site }));
      await expect(hero.getByRole('link', { name: t('nl', 'home.cta') })).toHaveAttribute('href', '/signup');
      await expect(hero.getByRole('link', { name: t('nl', 'home.haveAccount') })).toHaveAttribute(
        'href',
        '/login',
      );

      const steps = page.getByRole('region', { name: t('nl', 'home.steps.title') });
      await expect(steps.getByRole('listitem')).toHaveCount(3);
      for (const step of ['create', 'discover', 'chat'])
        await expect(steps.getByRole('heading', { name: t('nl', `home.steps.${step}.title`) })).toBeVisible();

      const final = page.getByRole('region', { name: t('nl', 'home.final.title') });
      await expect(final.getByRole('link', { name: t('nl', 'home.cta') })).toHaveAttribute('href', '/signup');

      await expectLoggedOutShell(page, 'nl', site);
      const address = page.getByRole('contentinfo').locator('.company-address');
      for (const part of [company.name, company.address, `${company.postal_code} ${company.city}`])
        await expect(address).toContainText(part);
      await expect(address).toContainText(t('nl', 'footer.registration', { number: company.kvk }));
      await expectNoRawKeys(page);
      await expectAccessible(page);
    });

    test('shows a sample of real members where the site allows it', async ({ page }) => {
      const { showcase } = await openHome(page, SITES.amora);
      expect(showcase.allowed).toBe(true);
      const sample = page.getByRole('region', { name: t('nl', 'home.members.title') });
      if (showcase.profiles.length === 0) {
        await expect(sample).toHaveCount(0);
        return;
      }
      await expect(sample.getByRole('listitem')).toHaveCount(showcase.profiles.length);
      for (const [i, profile] of showcase.profiles.entries()) {
        const card = sample.getByRole('listitem').nth(i);
        await expect(card).toContainText(`${profile.name}, ${profile.age}`);
        if (profile.main_image)
          await expect(
            card.getByRole('img', { name: t('nl', 'profile.photoOf', { name: profile.name }) }),
          ).toHaveAttribute('src', profile.main_image.thumb_filename);
      }
    });
  });
}

test('an English site shows the trade-name address, the fictional-profile disclosure and the US footer', async ({
  page,
}) => {
  const { settings, company } = await openHome(page, SITES.velvet);
  await expect(page).toHaveTitle(settings.index_title);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectLoggedOutShell(page, 'en', settings.name);
  await expect(page.getByRole('contentinfo')).toContainText(
    t('en', 'footer.operatedBy', { tradenames: company.tradenames.join(', '), company: company.name }),
  );
  await expect(page.getByRole('complementary', { name: t('en', 'disclaimer.label') })).toContainText(
    settings.fictional_warning ?? 'a fictional_warning in the settings',
  );
  await expect(page.getByRole('complementary', { name: t('en', 'usFooter.label') })).toContainText('2257');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.gilf.title'));
  await expectNoRawKeys(page, SITES.velvet);
  await expectAccessible(page);
});

test('a site without logged-out search shows no members and the compact address', async ({ page }) => {
  const { settings, company, showcase } = await openHome(page, SITES.flirtlicht);
  expect(showcase).toEqual({ allowed: false, profiles: [] });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(settings.index_title);
  await expectLoggedOutShell(page, 'de', settings.name);
  await expect(page.getByRole('region', { name: t('de', 'home.members.title') })).toHaveCount(0);
  await expect(page.getByRole('contentinfo').locator('.company-address')).toHaveText(
    `${company.name} · ${company.city}, ${company.country}`,
  );
  await expect(page.getByRole('complementary', { name: t('de', 'usFooter.label') })).toHaveCount(0);
  await expectAccessible(page);
});

test('the first Tab shows a skip link that takes keyboard users to the content', async ({ page }) => {
  await page.goto(siteUrl('/'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: t('nl', 'shell.skipToContent') });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    page
      .getByRole('main')
      .getByRole('link', { name: t('nl', 'home.cta') })
      .first(),
  ).toBeFocused();
});
