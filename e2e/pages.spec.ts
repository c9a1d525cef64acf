import type { Page } from '@playwright/test';
import type { CompanyInfo } from '../common/api/company';
import type { SiteSettings } from '../common/api/settings';
import { INFO_PAGES, infoPageKey } from '../common/rules/info-pages';
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

/** What each placeholder of a page's text must show, computed here rather than by the app's code. */
function expectedFacts(settings: SiteSettings, company: CompanyInfo): Record<string, string> {
  return {
    site: settings.name,
    domain: settings.domain,
    company: company.name,
    address: `${company.address}, ${company.postal_code} ${company.city}`,
    kvk: company.kvk,
    vat: company.vat_numbers[0] ?? '',
    email: settings.support_email,
    phone: settings.support_phone.replaceAll(' ', '').replaceAll('-', ''),
    refundDays: String(settings.refund_days),
  };
}

async function expectInfoPage(page: Page, host: SiteHost, lng: Locale, slug: (typeof INFO_PAGES)[number]) {
  const key = infoPageKey(slug);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toHaveText(t(lng, `pages:${key}.title`));
  const { settings, company } = await siteData(page);
  await expect(page).toHaveTitle(`${t(lng, `pages:${key}.title`)} – ${settings.name}`);
  const facts = expectedFacts(settings, company);
  const body = t(lng, `pages:${key}.body`);
  for (const [name, value] of Object.entries(facts))
    if (body.includes(`{{${name}}}`)) await expect(article, `{{${name}}} on ${slug}`).toContainText(value);
  const text = ((await article.textContent()) ?? '').trim();
  expect(text.length, `${slug} has real content`).toBeGreaterThan(400);
  expect(text).not.toContain(settings.support_phone);
  await expectNoRawKeys(page, host);
}

test.describe('information pages of the default site', () => {
  for (const slug of INFO_PAGES) {
    test(`/pages/${slug} and /${slug} show the ${slug} page with the company's details`, async ({ page }) => {
      await page.goto(siteUrl(`/pages/${slug}`));
      await expectInfoPage(page, SITES.amora, 'nl', slug);
      await expectAccessible(page);
      await page.goto(siteUrl(`/${slug}`));
      await expectInfoPage(page, SITES.amora, 'nl', slug);
    });
  }
});

const longDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));

test('the terms carry the company added date when that is later than 2023-12-01', async ({ page }) => {
  await page.goto(siteUrl('/pages/terms'));
  await expect(page.getByRole('article')).toContainText(
    t('nl', 'pages:terms.version', { termsDate: longDate('2024-03-15', 'nl') }),
  );
});

test('the terms carry 2023-12-01 for a company added before it, in the site language', async ({ page }) => {
  await page.goto(siteUrl('/pages/terms', SITES.flirtlicht));
  await expectInfoPage(page, SITES.flirtlicht, 'de', 'terms');
  await expect(page.getByRole('article')).toContainText(
    t('de', 'pages:terms.version', { termsDate: longDate('2023-12-01', 'de') }),
  );
});

test('the service page lists the contacts, the phone number cleaned of dashes and spaces', async ({
  page,
}) => {
  await page.goto(siteUrl('/pages/service', SITES.flirtlicht));
  const { settings } = await siteData(page);
  const phone = page.getByRole('link', { name: '+493012345678' });
  await expect(phone).toHaveAttribute('href', 'tel:+493012345678');
  await expect(page.getByRole('link', { name: settings.support_email })).toHaveAttribute(
    'href',
    `mailto:${settings.support_email}`,
  );
});

test("the return policy states the site's own refund period", async ({ page }) => {
  await page.goto(siteUrl('/pages/return-policy', SITES.velvet));
  await expectInfoPage(page, SITES.velvet, 'en', 'return-policy');
  await expect(page.getByRole('article')).toContainText('within 30 days');
});

test('/lang-config chooses the language by keyboard', async ({ page, context }) => {
  await page.goto(siteUrl('/lang-config'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'langConfig.title'));
  await expect(page).toHaveTitle(`${t('nl', 'langConfig.title')} – Amora`);
  const current = page.getByRole('radio', { name: 'Nederlands' });
  await expect(current).toBeChecked();
  await expectAccessible(page);

  await current.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'English' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t('nl', 'langConfig.save') })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByRole('status')).toHaveText(t('en', 'langConfig.saved'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'langConfig.title'));
  expect((await context.cookies(siteUrl('/'))).find((c) => c.name === 'i18n_locale')?.value).toBe('en');
  await expectNoRawKeys(page);
});
