import type { Browser } from '@playwright/test';
import { adminText, consoleUrl, expect, expectNoRawConsoleKeys, test } from './admin-fixtures';
import { t } from './catalog';
import { expectAccessible, pageApi, shoot, siteUrl } from './fixtures';

/**
 * The console's direct-debit block list: an admin blocks an IBAN with a reason, and a member who
 * then pays by direct debit from that account gets the "account blocked" error before any SMS code
 * is sent; the admin lifts the block again. Screens land in test-results/screens/console-dd-blocks-*.
 */

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** A new member of the Dutch site, logged in, in a browser of its own. */
async function newMember(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await context.addInitScript(() => {
    localStorage.setItem('dismissed:entry-warning', String(Date.now()));
    for (let id = 1; id < 5000; id++)
      localStorage.setItem(`dismissed:time-bonus-modal:${id}`, String(Date.now()));
  });
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email: `dd-block-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name: 'Bertus',
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1988-02-14',
    gender: 'male',
    seeking_gender: 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  return { page, context };
}

/** A valid Dutch IBAN no other test uses: the check digits computed for a random account number. */
function freshIban(): string {
  const account = `ABNA${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
  const digits = `${account}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `NL${String(check).padStart(2, '0')}${account}`;
}

test('an admin blocks an IBAN; a direct debit from it gets the error; the admin unblocks it', async ({
  page,
  browser,
}) => {
  test.slow();
  const iban = freshIban();
  const spaced = iban.replace(/(.{4})(?=.)/g, '$1 ');

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(consoleUrl('payments'));
  await expect(page).toHaveURL(/\/admin\/payments\/direct-debit-blocks$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('payments.blocks.title'));
  await expect(page.getByRole('link', { name: adminText('payments.title') })).toBeVisible();

  // A wrong IBAN is named at its field.
  const form = page.locator('form.admin-dd-form');
  await form.getByLabel(adminText('payments.blocks.iban')).fill('NL91ABNA0417164301');
  await form.getByLabel(adminText('common.reason')).fill('Reported stolen by the account holder');
  await form.getByRole('button', { name: adminText('payments.blocks.add'), exact: true }).click();
  await expect(form.getByText(t('en', 'validation.iban'))).toBeVisible();

  await form.getByLabel(adminText('payments.blocks.iban')).fill(spaced.toLowerCase());
  await form.getByRole('button', { name: adminText('payments.blocks.add'), exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(adminText('payments.blocks.added', { iban: spaced }));
  const row = page.getByRole('row').filter({ hasText: spaced });
  await expect(row).toContainText('Reported stolen by the account holder');
  await expectNoRawConsoleKeys(page);
  await expectAccessible(page);
  await shoot(page, 'console-dd-blocks');

  // The member pays by direct debit from that account: refused before a code is sent.
  const member = await newMember(browser);
  const credits = await pageApi<{ packages: { id: number }[] }>(member.page, 'GET', '/api/credits.php');
  const pkg = credits.json.packages[0] as { id: number };
  await member.page.goto(siteUrl(`/directdebit?package=${pkg.id}`));
  await member.page.getByLabel(nl('directDebit.form.accountHolder')).fill('B. Bakker');
  await member.page.getByLabel(nl('directDebit.form.iban')).fill(iban);
  await member.page.getByLabel(nl('directDebit.form.address')).fill('Damrak 5');
  await member.page.getByLabel(nl('directDebit.form.postalCode')).fill('1012 LG');
  await member.page.getByLabel(nl('directDebit.form.city')).fill('Amsterdam');
  await member.page
    .getByLabel(nl('directDebit.form.phone'))
    .fill(`0612${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`);
  await member.page.getByRole('button', { name: nl('directDebit.form.sendCode') }).click();
  await expect(member.page.getByText(nl('error.direct_debit_blocked'))).toBeVisible();
  await expect(member.page.getByLabel(nl('directDebit.code.label'))).toHaveCount(0);
  await member.context.close();

  // Unblocked with a reason; the audit log has both.
  await page.reload();
  await page
    .getByRole('button', { name: adminText('payments.blocks.removeLabel', { iban: spaced }) })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(adminText('common.reason')).fill('The holder found the card again');
  await dialog.getByRole('button', { name: adminText('payments.blocks.remove') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: spaced })).toHaveCount(0);
  await page.goto(consoleUrl(`audit?target_type=iban&target_id=${iban}`));
  await expect(page.getByText('direct_debit.block', { exact: true })).toBeVisible();
  await expect(page.getByText('direct_debit.unblock', { exact: true })).toBeVisible();
});
