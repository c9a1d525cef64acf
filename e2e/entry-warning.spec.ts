import type { Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, SITES, type SiteHost, siteUrl, test, waitForSession } from './fixtures';

// The site-entry warning modal: these visitors arrive without a stored dismissal.
test.use({ entryWarningDismissed: false });

const KEY = 'dismissed:entry-warning';
const storedDismissal = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);
const countryCookie = (host: SiteHost, country: string) => ({
  name: 'country',
  value: country,
  domain: host,
  path: '/',
});

test('greets a new visitor once in Dutch, keyboard first, and remembers the dismissal', async ({ page }) => {
  await page.goto(siteUrl('/'));
  const dialog = page.getByRole('dialog', { name: 'Belangrijke informatie' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  await expect(dialog).toContainText(t('nl', 'entryWarning.adults', { site: 'Amora' }));

  const enter = dialog.getByRole('button', { name: t('nl', 'entryWarning.enter') });
  await expect(enter).toBeFocused();
  const leave = dialog.getByRole('link', { name: t('nl', 'entryWarning.leave') });
  expect(new URL((await leave.getAttribute('href')) ?? '/', page.url()).hostname).not.toBe('amora.localhost');
  await page.keyboard.press('Shift+Tab');
  await expect(leave).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Tab');
  await expect(enter).toBeFocused();

  const before = Date.now();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  const stored = Number(await storedDismissal(page));
  expect(stored).toBeGreaterThanOrEqual(before);
  expect(stored).toBeLessThanOrEqual(Date.now());

  await waitForSession(page, () => page.reload());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await storedDismissal(page)).toBe(String(stored));
});

test('Escape closes it and counts as a dismissal', async ({ page }) => {
  await page.goto(siteUrl('/pages/terms'));
  const dialog = page.getByRole('dialog', { name: t('nl', 'entryWarning.title') });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(Number(await storedDismissal(page))).toBeGreaterThan(0);
  // Navigating inside the app does not bring it back either.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('nl', 'footer.privacy') })
    .click();
  await expect(page).toHaveURL(/\/pages\/privacy$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('stays away for a visitor who dismissed it before', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, String(Date.now() - 86_400_000)), KEY);
  await waitForSession(page, () => page.goto(siteUrl('/')));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('is not shown in installed-app mode', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { get: () => true }));
  await waitForSession(page, () => page.goto(siteUrl('/')));
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test.describe('a site that limits it to Germany and Austria', () => {
  test('shows it, in German, to a visitor who chose Germany', async ({ page, context }) => {
    await context.addCookies([countryCookie(SITES.flirtlicht, 'DE')]);
    await page.goto(siteUrl('/', SITES.flirtlicht));
    await expect(page.getByRole('dialog', { name: t('de', 'entryWarning.title') })).toBeVisible();
  });

  test.describe('from Austria by the proxy header', () => {
    test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'AT' } });
    test('shows it', async ({ page }) => {
      await page.goto(siteUrl('/', SITES.flirtlicht));
      await expect(page.getByRole('dialog', { name: t('de', 'entryWarning.title') })).toBeVisible();
    });
  });

  test.describe('from Switzerland by the proxy header', () => {
    test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'CH' } });
    test('does not show it', async ({ page }) => {
      await waitForSession(page, () => page.goto(siteUrl('/', SITES.flirtlicht)));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  });

  test('does not show it to a visitor who chose Switzerland, whatever the proxy says', async ({
    page,
    context,
  }) => {
    await context.addCookies([countryCookie(SITES.flirtlicht, 'CH')]);
    await context.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
    await waitForSession(page, () => page.goto(siteUrl('/', SITES.flirtlicht)));
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
