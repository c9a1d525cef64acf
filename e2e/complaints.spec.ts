import type { Page } from '@playwright/test';
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
import { outbox } from './outbox';

/**
 * The complaints form: a visitor files a complaint, is shown its reference, and the
 * complaint arrives at the site's support address (read from the server's outbox: the e2e server
 * runs without SMTP_URL). Screens land in test-results/screens/ at phone and desktop width.
 */

const SUPPORT = 'support@amora.localhost';
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

const field = (page: Page, key: string) => page.getByLabel(nl(key), { exact: true });

test('a visitor files a complaint, sees its reference, and customer service gets it', async ({ page }) => {
  await page.goto(siteUrl('/complaints'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('complaints.title'));
  await expect(page).toHaveTitle(`${nl('complaints.title')} – Amora`);
  await expect(field(page, 'complaints.form.name')).toBeEditable();
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'complaints-form');

  // Sent empty: each field says what it needs, in Dutch, and the first takes focus.
  await page.getByRole('button', { name: nl('complaints.form.submit') }).click();
  await expect(field(page, 'complaints.form.name')).toBeFocused();
  await expect(field(page, 'complaints.form.name')).toHaveAccessibleDescription(nl('validation.required'));
  await expect(field(page, 'complaints.form.category')).toHaveAccessibleDescription(
    nl('validation.complaintCategory'),
  );
  await expect(field(page, 'complaints.form.message')).toHaveAccessibleDescription(
    new RegExp(nl('validation.complaintMessageShort')),
  );
  await expectAccessible(page);
  await shoot(page, 'complaints-errors');

  const email = `klacht-${unique()}@example.test`;
  const message =
    'Iemand die zich Lotte noemt, vroeg me om geld voor een treinkaartje.\nToen ik nee zei, reageerde ze niet meer.';
  await field(page, 'complaints.form.name').fill('Sanne de Vries');
  await field(page, 'complaints.form.email').fill(email);
  await field(page, 'complaints.form.category').selectOption({
    label: nl('complaints.categories.fake_profile'),
  });
  await field(page, 'complaints.form.subject').fill('https://amora.localhost/members/42');
  await field(page, 'complaints.form.message').fill(message);
  await expect(page.getByText(nl('validation.complaintMessageShort'))).toHaveCount(0);
  await page.getByRole('button', { name: nl('complaints.form.submit') }).click();

  const heading = page.getByRole('heading', { name: nl('complaints.done.title') });
  await expect(heading).toBeFocused();
  const reference = (await page.locator('.complaint-reference dd').textContent()) ?? '';
  expect(reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.getByText(nl('complaints.done.text', { email }))).toBeVisible();
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'complaints-sent');

  // Customer service has it, with the reference, the message, and Reply-To the complainant.
  await expect.poll(() => outbox(SUPPORT).filter((m) => m.subject.includes(reference)).length).toBe(1);
  const support = outbox(SUPPORT).find((m) => m.subject.includes(reference));
  expect(support?.subject).toBe(
    nl('complaints.mail.support.subject', {
      reference,
      category: nl('complaints.categories.fake_profile'),
    }),
  );
  expect(support?.headers['reply-to']).toBe(`Sanne de Vries <${email}>`);
  expect(support?.text).toContain('Toen ik nee zei, reageerde ze niet meer.');
  expect(support?.text).toContain('https://amora.localhost/members/42');
  // And the complainant a confirmation with the reference.
  const confirmation = outbox(email).at(-1);
  expect(confirmation?.subject).toBe(
    nl('complaints.mail.confirmation.subject', { site: 'Amora', reference }),
  );
  expect(confirmation?.text).toContain('Iemand die zich Lotte noemt');

  // Another complaint starts from an empty form.
  await page.getByRole('button', { name: nl('complaints.done.another') }).click();
  await expect(field(page, 'complaints.form.message')).toHaveValue('');
});

test("a member's complaint is filed under the account: name and address shown, not editable", async ({
  page,
}) => {
  // The push alert of the member layout is not this journey's subject; it stays out of the shots.
  await page.addInitScript(() => localStorage.setItem('dismissed:push', String(Date.now())));
  await page.goto(siteUrl('/pages/faq'));
  const email = `klager-${unique()}@example.test`;
  const name = `Bram${Math.floor(Math.random() * 1e6)}`;
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name,
    password: 'Grachtenpand-aan-de-Amstel-7',
    date_of_birth: '1988-04-12',
    gender: 'male',
    seeking_gender: 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);

  await page.goto(siteUrl('/complaints'));
  await expect(field(page, 'complaints.form.name')).toHaveValue(name);
  await expect(field(page, 'complaints.form.name')).not.toBeEditable();
  await expect(field(page, 'complaints.form.email')).toHaveValue(email);
  await expect(field(page, 'complaints.form.email')).not.toBeEditable();
  await expect(page.getByText(nl('complaints.form.memberNote'))).toBeVisible();
  // Before the fields scroll the page: scrolled, the sticky top bar covers the member alerts' close
  // buttons, which axe counts as too small a target.
  await expectAccessible(page);
  await field(page, 'complaints.form.category').selectOption({ label: nl('complaints.categories.billing') });
  await expect(page.getByText(nl('complaints.form.illegalHint'))).toHaveCount(0);
  await field(page, 'complaints.form.message').fill(
    'Er zijn twee keer credits van mijn rekening afgeschreven voor één bestelling.',
  );
  await shoot(page, 'complaints-member');
  await page.getByRole('button', { name: nl('complaints.form.submit') }).click();
  await expect(page.getByRole('heading', { name: nl('complaints.done.title') })).toBeFocused();
  const reference = (await page.locator('.complaint-reference dd').textContent()) ?? '';
  await expect
    .poll(() => outbox(SUPPORT).find((m) => m.subject.includes(reference))?.headers['reply-to'])
    .toBe(`${name} <${email}>`);
});

test('the form in every language: its own words, no keys; long words still fit on a phone', async ({
  page,
  context,
}) => {
  for (const lng of LOCALES) {
    await context.addCookies([localeCookie(SITES.amora, lng)]);
    await page.goto(siteUrl('/complaints'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'complaints.title'));
    await page.getByLabel(t(lng, 'complaints.form.message'), { exact: true }).fill('x'.repeat(4_321));
    await page.getByRole('button', { name: t(lng, 'complaints.form.submit') }).click();
    await expect(page.getByText(t(lng, 'validation.complaintCategory'))).toBeVisible();
    await expectNoRawKeys(page);
    if (['de', 'fr', 'fi'].includes(lng)) await shoot(page, `complaints-errors-${lng}`);
  }
});
