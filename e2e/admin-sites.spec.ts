import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { AdminPackage } from '../common/api/admin/sites';
import { adminText, consoleUrl, expect, test } from './admin-fixtures';
import { t } from './catalog';
import { expectAccessible, expectNoRawKeys, pageApi, SITES, siteUrl } from './fixtures';

/**
 * The console's sites screen: an admin changes a credit package's price and a member
 * sees the new price on the credits page; an admin creates a discount code that a member then pays
 * with at the demo provider's checkout. Both on Velvet Nights, whose prices no other spec looks at;
 * the price is put back at the end. Screens land in test-results/screens/console-sites-*.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const pounds = (cents: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'GBP' }).format(cents / 100);
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: path.resolve('test-results/screens', `console-sites-${name}.png`),
    fullPage: true,
  });

/** A new member of Velvet Nights (paying in pounds), logged in, in a browser of its own. */
async function velvetBuyer(browser: Browser) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    localStorage.setItem('dismissed:entry-warning', String(Date.now()));
    // The time-bonus modal 40 s into the members area is tested elsewhere; here it would cover the page.
    for (let id = 1; id < 5000; id++)
      localStorage.setItem(`dismissed:time-bonus-modal:${id}`, String(Date.now()));
  });
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq', SITES.velvet));
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email: `sites-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name: 'Buyer',
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1985-04-02',
    gender: 'male',
    seeking_gender: 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  return { page, context };
}

/** Opens a tab of Velvet Nights in the sites screen, through the site picker. */
async function openVelvet(page: Page, tab: 'settings' | 'packages' | 'codes' | 'gifts') {
  await page.goto(consoleUrl('sites'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('sites.title'));
  await page
    .getByLabel(adminText('sites.picker'), { exact: true })
    .selectOption({ label: 'Velvet Nights (velvetnights.localhost)' });
  await page.getByRole('link', { name: adminText(`sites.tabs.${tab}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/sites/\\d+/${tab}$`));
}

test('an admin changes a package price and a member sees the new price on the credits page', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openVelvet(page, 'packages');
  const siteId = Number(/\/sites\/(\d+)\//.exec(page.url())?.[1]);
  const list = await pageApi<{ packages: AdminPackage[] }>(
    page,
    'GET',
    `/api/admin/packages.php?site_id=${siteId}`,
  );
  const pkg = list.json.packages.find((p) => p.credits === 50) as AdminPackage;
  const was = pkg.prices.GBP as number;
  const now = was + 150;
  try {
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await page
      .getByRole('button', { name: adminText('sites.packages.editOne_other', { count: 50 }) })
      .click();
    const gbp = page.getByLabel('GBP', { exact: true });
    await expect(gbp).toHaveValue((was / 100).toFixed(2));
    // Out of range first: refused in the form with the bounds, nothing sent.
    await gbp.fill('0');
    await page.getByRole('button', { name: adminText('sites.packages.save') }).click();
    await expect(
      page.getByText(adminText('sites.errors.price', { priceMin: 0.01, priceMax: 100000 })).first(),
    ).toBeVisible();
    await gbp.fill((now / 100).toFixed(2));
    await expectAccessible(page);
    await shot(page, 'package-edit');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/admin/packages.php') && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: adminText('sites.packages.save') }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { package: AdminPackage }).package.prices.GBP).toBe(now);
    // The editor closes; the row shows the package again.
    await expect(page.getByRole('button', { name: adminText('sites.packages.save') })).toHaveCount(0);

    // The member's credits page shows it at once (the list price; the time bonus lowers it).
    const member = await velvetBuyer(browser);
    await member.page.goto(siteUrl('/credits', SITES.velvet));
    await expect(member.page.getByRole('heading', { level: 1 })).toHaveText(en('credits.title'));
    await expect(member.page.getByRole('link', { name: /^50 credits$/ })).toBeVisible();
    await expect(member.page.getByText(pounds(now)).first()).toBeVisible();
    await expect(member.page.getByText(pounds(was), { exact: true })).toHaveCount(0);
    await member.page.screenshot({
      path: path.resolve('test-results/screens', 'console-sites-member-credits.png'),
    });
    await member.context.close();
  } finally {
    const back = await pageApi(page, 'PATCH', `/api/admin/packages.php?id=${pkg.id}`, {
      prices: { ...pkg.prices, GBP: was },
    });
    expect(back.status).toBe(200);
  }
});

test('an admin creates a discount code that a member then pays with at checkout', async ({
  page,
  browser,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await openVelvet(page, 'codes');
  await page.getByRole('button', { name: adminText('sites.codes.new') }).click();
  await page.getByLabel(adminText('sites.codes.code'), { exact: true }).fill(code.toLowerCase());
  await page.getByLabel(adminText('sites.codes.percentage'), { exact: true }).fill('101');
  await page.getByRole('button', { name: adminText('sites.codes.create') }).click();
  await expect(page.getByText(adminText('sites.errors.percentage'))).toBeVisible();
  await page.getByLabel(adminText('sites.codes.percentage'), { exact: true }).fill('30');
  await page.getByLabel(adminText('sites.codes.maxUses'), { exact: true }).fill('5');
  await expectAccessible(page);
  await shot(page, 'code-form');
  await page.getByRole('button', { name: adminText('sites.codes.create') }).click();
  await expect(page.getByText(adminText('sites.codes.created', { code }))).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('30%');
  await expect(row).toContainText(adminText('sites.codes.usesOf', { uses: 0, max: 5 }));
  // The same code again: the site has it already.
  await page.getByRole('button', { name: adminText('sites.codes.new') }).click();
  await page.getByLabel(adminText('sites.codes.code'), { exact: true }).fill(code);
  await page.getByRole('button', { name: adminText('sites.codes.create') }).click();
  await expect(page.getByText(adminText('sites.errors.codeExists'))).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'codes');

  // A member enters it on the credits page and pays the lowered price with the demo provider.
  const { page: buyer, context } = await velvetBuyer(browser);
  const priced = await pageApi<{ packages: { id: number; credits: number; price: number }[] }>(
    buyer,
    'GET',
    '/api/credits.php',
  );
  // Not the 50 credits, whose price the other journey changes meanwhile.
  const pkg = priced.json.packages.find((p) => p.credits === 120) as { id: number; price: number };
  await buyer.goto(siteUrl('/credits', SITES.velvet));
  await buyer.getByRole('textbox', { name: en('credits.code.label') }).fill(code.toLowerCase());
  await buyer.getByRole('button', { name: en('credits.code.apply') }).click();
  await expect(buyer.getByText(en('credits.code.applied', { code, percentage: 30 }))).toBeVisible();
  await buyer.getByRole('link', { name: /^120 credits$/ }).click();
  await buyer.getByRole('link', { name: new RegExp(`^${en('paymentMethods.creditcard')}`) }).click();
  const lowered = Math.round(pkg.price * 0.7);
  await buyer.getByRole('button', { name: en('credits.pay.button', { amount: pounds(lowered) }) }).click();
  await expect(buyer).toHaveURL(/\/demo-checkout\/demo_/);
  await buyer.getByRole('button', { name: en('demoCheckout.outcome.paid'), exact: true }).click();
  await expect(buyer.getByRole('heading', { name: en('credits.result.paid.title') })).toBeVisible({
    timeout: 15_000,
  });
  const tx = await pageApi<{ transactions: { amount: number; discount_code: string | null }[] }>(
    buyer,
    'GET',
    '/api/transactions.php',
  );
  expect(tx.json.transactions[0]).toMatchObject({ amount: lowered, discount_code: code });
  await context.close();

  // The console counts the use.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText(
    adminText('sites.codes.usesOf', { uses: 1, max: 5 }),
  );
});

test('the settings and gifts tabs are finished and accessible at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openVelvet(page, 'settings');
  await expect(page.getByLabel(adminText('sites.fields.name'), { exact: true })).toHaveValue('Velvet Nights');
  await expect(page.getByLabel(adminText('sites.fields.fictional_singular'), { exact: true })).toHaveValue(
    'entertainment profile',
  );
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shot(page, 'settings');
  await page.getByRole('link', { name: adminText('sites.tabs.gifts') }).click();
  await expect(page.getByRole('row').filter({ hasText: en('gifts.rose') })).toBeVisible();
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shot(page, 'gifts');
});
