import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, shoot, siteUrl, test } from './fixtures';
import { mailedActivation } from './members';

/**
 * My profile and photos, as a member lives them: the profile-photo alert and its dismissal, every
 * profile field with its rules in the member's language, region by country, interests,
 * then photos: upload, a file that is no photo, the free limit, main photo, order, premium-only
 * and delete. Screens land in test-results/screens/ at phone and desktop width.
 */

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** A new member of the Dutch site, logged in in this page. */
async function signUp(page: Page) {
  await page.goto(siteUrl('/pages/faq'));
  // Short enough to fit the profile name field, so the name-equals-e-mail rule can be tried.
  const email = `p${Date.now() % 1e8}${Math.floor(Math.random() * 1e4)}@ex.test`;
  const status = await page.evaluate(async (email) => {
    const res = await fetch('/api/signup.php', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        name: `Roos${Math.floor(Math.random() * 1e6)}`,
        password: 'Zonnebloem-aan-zee-42',
        date_of_birth: '1991-04-12',
        gender: 'female',
        seeking_gender: 'male',
      }),
    });
    return res.status;
  }, email);
  expect(status).toBe(201);
  // Confirmed, as the member does from the mail: the members area shows one banner at a time, and
  // an unconfirmed address would come before the photo alert these journeys are about.
  let link: string | undefined;
  await expect.poll(() => (link = mailedActivation(email))).toBeTruthy();
  await page.goto(siteUrl(link as string));
  await expect(page).toHaveURL(/\/activate\/done$/);
  return email;
}

const photoAlert = (page: Page) => page.locator('.offer-alert').filter({ hasText: nl('photoAlert.text') });

test('profile: every field, the rules in the member’s language, region by country, interests; the photo alert', async ({
  page,
}) => {
  // A long journey with axe checks and screenshots at two widths.
  test.slow();
  const email = await signUp(page);

  // Logged in without a main photo, the alert shows, but not on settings or the profile itself.
  await page.goto(siteUrl('/pages/faq'));
  await expect(photoAlert(page)).toContainText(nl('photoAlert.text'));
  await page.goto(siteUrl('/notifications'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(photoAlert(page)).toHaveCount(0);
  await page.goto(siteUrl('/pages/faq'));
  await photoAlert(page)
    .getByRole('link', { name: nl('photoAlert.action') })
    .click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: nl('profileEdit.title') })).toBeVisible();
  await expect(photoAlert(page)).toHaveCount(0);

  const form = page.locator('form.profile-form');
  const field = (key: string) => form.getByLabel(nl(`profileEdit.fields.${key}`), { exact: true });
  const save = form.getByRole('button', { name: nl('profileEdit.save') });

  // Validation, checked in the browser with the server's own rules and texts.
  await field('name').fill(email);
  await field('birth_date').fill('2015-01-01');
  await save.click();
  await expect(form).toContainText('Je profielnaam moet anders zijn dan je e-mailadres');
  await expect(form).toContainText('Vul uw geboortedatum in (18+ jaar)');
  await expect(field('name')).toBeFocused();
  await field('name').fill('@roos');
  await field('name').blur();
  await expect(form).toContainText(nl('validation.nameStartsWithAt'));

  await field('name').fill('Roos van Dijk');
  await field('birth_date').fill('1990-08-17');
  await field('gender').selectOption({ label: nl('profile.gender.female') });
  await field('sexuality').selectOption({ label: nl('profile.sexuality.bi') });
  await field('about').fill('Dol op fietsen langs de kust, koffie op het terras en goede gesprekken.');
  await field('relationship_status').selectOption({ label: nl('profile.relationship_status.single') });
  await field('reason').selectOption({ label: nl('profile.reason.relationship') });
  await field('hair_colour').selectOption({ label: nl('profile.hair_colour.red') });
  await field('eye_colour').selectOption({ label: nl('profile.eye_colour.green') });
  await field('body_type').selectOption({ label: nl('profile.body_type.slim') });
  await field('tattoos').selectOption({ label: nl('profile.tattoos.some') });

  // Regions follow the country (GET /api/regions.php).
  await field('country').selectOption('BE');
  const regions = await field('region').locator('option').allTextContents();
  expect(regions).toContain('Flanders');
  expect(regions).not.toContain('Noord-Brabant');
  await field('region').selectOption({ label: 'Flanders' });

  await field('seeking_gender').selectOption({ label: nl('profileEdit.seeking.male') });
  await field('seeking_min_age').fill('50');
  await field('seeking_max_age').fill('30');
  await save.click();
  await expect(form).toContainText(nl('validation.seekingRange'));
  await field('seeking_min_age').fill('30');
  await field('seeking_max_age').fill('45');

  // Interests carry their icon and the label in the member's language.
  const interests = form.getByRole('group', { name: nl('profileEdit.sections.interests') });
  for (const slug of ['cooking', 'hiking', 'wine'])
    await interests.getByText(nl(`interest.${slug}`), { exact: true }).click();
  await expect(interests.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await expect(interests.locator('label', { hasText: nl('interest.wine') })).toContainText('🍷');

  await save.click();
  await expect(form.getByRole('status')).toHaveText(nl('profileEdit.saved'));

  await page.reload();
  await expect(field('name')).toHaveValue('Roos van Dijk');
  await expect(field('birth_date')).toHaveValue('1990-08-17');
  await expect(field('country')).toHaveValue('BE');
  await expect(field('region').locator('option:checked')).toHaveText('Flanders');
  await expect(field('hair_colour').locator('option:checked')).toHaveText(nl('profile.hair_colour.red'));
  await expect(field('seeking_max_age')).toHaveValue('45');
  await expect(interests.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'profile-form');

  // Dismissing the alert stores a timestamp and keeps it away after a reload.
  await page.goto(siteUrl('/pages/faq'));
  await photoAlert(page)
    .getByRole('button', { name: nl('photoAlert.close') })
    .click();
  await expect(photoAlert(page)).toHaveCount(0);
  const stored = await page.evaluate(() => Number(localStorage.getItem('dismissed:profile-photo')));
  expect(stored).toBeGreaterThan(Date.now() - 60_000);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(photoAlert(page)).toHaveCount(0);
});

const image = (format: 'jpeg' | 'png' | 'webp', background: string) =>
  sharp({ create: { width: 800, height: 1000, channels: 3, background } })
    .toFormat(format)
    .toBuffer();

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('.photo-manager input[type=file]').setInputFiles({ name, mimeType, buffer });
}

const tiles = (page: Page) => page.locator('.photo-tile');
const tile = (page: Page, n: number): Locator =>
  page.getByRole('group', { name: nl('profileEdit.photos.actions', { position: n }) });
const srcs = (page: Page) =>
  tiles(page)
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));

test('photos: upload, a file that is no photo, the free limit, main photo, order, premium-only, delete', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  await page.goto(siteUrl('/profile'));
  const manager = page.locator('.photo-manager');
  await expect(manager).toContainText(nl('profileEdit.photos.empty'));
  await expect(manager).toContainText(nl('profileEdit.photos.count', { count: 0, limit: 3 }));

  await upload(page, 'strand.jpg', 'image/jpeg', await image('jpeg', '#d96a8f'));
  await expect(manager.getByRole('status')).toHaveText(nl('profileEdit.photos.uploaded'));
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText(nl('profileEdit.photos.main'));

  // The browser names it a JPEG; the server reads the bytes and says what it is not.
  await upload(page, 'notities.jpg', 'image/jpeg', Buffer.from('dit is geen foto'));
  await expect(manager.getByRole('alert')).toHaveText(nl('error.photo_type'));
  await expect(tiles(page)).toHaveCount(1);

  await upload(page, 'terras.png', 'image/png', await image('png', '#5b86e5'));
  await expect(tiles(page)).toHaveCount(2);
  await upload(page, 'bos.webp', 'image/webp', await image('webp', '#2fb3a6'));
  await expect(tiles(page)).toHaveCount(3);

  // Free members: at most 3.
  await expect(manager.locator('input[type=file]')).toHaveCount(0);
  await expect(manager).toContainText(nl('error.photo_limit_reached', { limit: 3 }));
  await expect(manager.getByRole('link', { name: nl('profileEdit.photos.getPremium') })).toBeVisible();
  await expect(manager).toContainText(nl('profileEdit.photos.count', { count: 3, limit: 3 }));

  // Main photo: the third; it is the member's card photo at once.
  await tile(page, 3)
    .getByRole('button', { name: nl('profileEdit.photos.makeMain') })
    .click();
  await expect(tiles(page).nth(2)).toContainText(nl('profileEdit.photos.main'));
  await expect(tiles(page).first()).not.toContainText(nl('profileEdit.photos.main'));

  // Order: move the third one earlier, by keyboard.
  const before = await srcs(page);
  await tile(page, 3)
    .getByRole('button', { name: nl('profileEdit.photos.moveEarlier') })
    .focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => srcs(page)).toEqual([before[0], before[2], before[1]]);

  // Premium-only: its address moves under p/ and the owner still sees it.
  await tile(page, 1)
    .getByRole('switch', { name: nl('profileEdit.photos.premium') })
    .check();
  await expect(tiles(page).first()).toContainText(nl('profileEdit.photos.premium'));
  await expect.poll(async () => (await srcs(page))[0]).toMatch(/\/media\/p\//);
  await expect
    .poll(() =>
      tiles(page)
        .first()
        .locator('img')
        .evaluate((i) => (i as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  const oldAddress = before[0] as string;
  // Asked of the server, not of the browser's cache, which keeps what it was shown while public.
  expect(
    await page.evaluate(async (url) => (await fetch(url, { cache: 'no-store' })).status, oldAddress),
  ).toBe(404);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'profile-photos');

  // Delete, after a confirmation; the add tile comes back.
  await tile(page, 2)
    .getByRole('button', { name: nl('profileEdit.photos.delete') })
    .click();
  const dialog = page.getByRole('dialog', { name: nl('profileEdit.photos.deleteTitle') });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: nl('profileEdit.photos.confirmDelete') }).click();
  await expect(dialog).toBeHidden();
  await expect(tiles(page)).toHaveCount(2);
  await expect(manager.getByRole('status')).toHaveText(nl('profileEdit.photos.deleted'));
  await expect(manager.locator('input[type=file]')).toHaveCount(1);

  // With a main photo the alert stays away everywhere.
  await page.goto(siteUrl('/pages/faq'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(photoAlert(page)).toHaveCount(0);
});

test('my profile on a phone: nothing moves when the photos arrive after the form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await page.goto(siteUrl('/profile'));
  await upload(page, 'strand.jpg', 'image/jpeg', await image('jpeg', '#d96a8f'));
  await expect(tiles(page)).toHaveCount(1);

  // The photos answer last, as on a slow line where the form's answers came first.
  await page.route('**/api/photos.php', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.shifts += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(siteUrl('/profile'));
  await expect(tiles(page)).toHaveCount(1);
  await expect(page.locator('.profile-form-column form')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
});
