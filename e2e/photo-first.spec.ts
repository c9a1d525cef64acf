import type { Page } from '@playwright/test';
import { t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  pageApi,
  shoot,
  siteUrl,
  test,
  waitForSession,
} from './fixtures';
import { activeMember } from './members';

/**
 * The members area on a phone (390 × 844) as a dating app: a profile opens photo first (full
 * width, swiped photo by photo, the name over it, like, message and gift always in reach, "Get
 * premium" on a locked photo); a new member's first search shows people, its filters live in the
 * address; a profile opened far down the list starts at its top and back returns to the same place;
 * the swipe card and its buttons share one screen; a paying member at the day's swipe limit is not
 * offered premium. Screens land in test-results/screens/.
 */

test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 390, height: 844 } });

const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

async function logIn(page: Page) {
  await page.goto(siteUrl('/pages/faq'));
  const res = await pageApi(page, 'POST', '/api/user.php', DEMO);
  expect(res.status).toBe(200);
}

type Card = { id: number; name: string };

/** The fields of the own-profile form, as the profile edit takes them back. */
const PROFILE_BODY = [
  'name',
  'gender',
  'sexuality',
  'birth_date',
  'relationship_status',
  'hair_colour',
  'eye_colour',
  'body_type',
  'tattoos',
  'reason',
  'about',
  'country',
  'region',
  'seeking_gender',
  'seeking_min_age',
  'seeking_max_age',
  'interests',
];
type Profile = { id: number; name: string; photos: Array<{ locked: boolean }> };

/** A member of the demo data whose profile shows the demo member several photos, one of them locked. */
async function memberWithLockedPhoto(page: Page): Promise<Profile> {
  const found = await pageApi<{ profiles: Card[] }>(page, 'GET', '/api/members.php');
  for (const card of found.json.profiles) {
    const res = await pageApi<{ profile: Profile }>(page, 'GET', `/api/member.php?id=${card.id}`);
    const photos = res.json.profile.photos;
    if (photos.length >= 2 && photos.some((p) => p.locked)) return res.json.profile;
  }
  throw new Error('no demo member with a locked photo among several');
}

/** The box of `selector` in the viewport (top and bottom in px from the top of the screen). */
const box = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width };
    });

test('a profile on a phone opens photo first, with the actions in reach and premium on a locked photo', async ({
  page,
}) => {
  await logIn(page);
  const profile = await memberWithLockedPhoto(page);
  await waitForSession(page, () => page.goto(siteUrl(`/members/${profile.id}`)));
  const firstPhoto = page.getByRole('button', {
    name: nl('memberProfile.photos.open', { number: 1, total: profile.photos.length }),
  });
  await expect(firstPhoto).toBeVisible();

  // The photo comes first and spans the screen; the name is over its foot.
  const photo = await box(page, '.member-slide');
  expect(photo.left).toBe(0);
  expect(photo.width).toBe(390);
  expect(photo.top).toBe((await box(page, 'article.member-page')).top);
  const name = await box(page, '#member-name');
  expect(name.top).toBeGreaterThan(photo.top);
  expect(name.bottom).toBeLessThanOrEqual(photo.bottom);

  // Like, message and gift within the screen, before and after scrolling to the details.
  const actions = [
    'memberProfile.actions.like',
    'memberProfile.actions.message',
    'memberProfile.actions.gift',
  ];
  const inReach = async () => {
    for (const key of actions) {
      const control = page.locator('.member-actions').getByText(nl(key), { exact: true });
      await expect(control).toBeInViewport({ ratio: 1 });
    }
  };
  await inReach();
  await page.mouse.wheel(0, 600);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await inReach();
  await page.evaluate(() => window.scrollTo(0, 0));

  // Swiping the strip to the second photo moves the dot; the arrow button steps back.
  const dots = page.getByTestId('photo-dots').locator('[aria-hidden]');
  await expect(dots.nth(0)).toHaveClass(/is-current/);
  await page
    .locator('.member-slides')
    .evaluate((el) => el.scrollTo({ left: el.clientWidth, behavior: 'instant' }));
  await expect(dots.nth(1)).toHaveClass(/is-current/);
  await expect(dots.nth(0)).not.toHaveClass(/is-current/);
  await page.getByRole('button', { name: nl('memberProfile.photos.previous') }).click();
  await expect(dots.nth(0)).toHaveClass(/is-current/);

  // A locked photo offers premium on the photo and in the full-size viewer.
  const locked = profile.photos.findIndex((p) => p.locked);
  const slide = page.locator('.member-slide').nth(locked);
  await expect(slide.getByRole('link', { name: nl('nav.getPremium') })).toHaveAttribute('href', '/premium');
  await page
    .getByRole('button', {
      name: nl('memberProfile.photos.open', { number: locked + 1, total: profile.photos.length }),
    })
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByRole('link', { name: nl('nav.getPremium') })).toBeVisible();
  await viewer.getByRole('link', { name: nl('nav.getPremium') }).click();
  await expect(page).toHaveURL(/\/premium$/);

  await page.goto(siteUrl(`/members/${profile.id}`));
  await expect(firstPhoto).toBeVisible();
  await expectNoRawKeys(page);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await shoot(page, 'photo-first-profile-nl');
  await page
    .context()
    .addCookies([{ name: 'i18n_locale', value: 'en', domain: 'amora.localhost', path: '/' }]);
  await page.reload();
  await expect(
    page.getByRole('button', {
      name: t('en', 'memberProfile.photos.open', { number: 1, total: profile.photos.length }),
    }),
  ).toBeVisible();
  await shoot(page, 'photo-first-profile-en');
});

test('a new member’s first search on a phone shows members; the filters live in the address', async ({
  browser,
}) => {
  const { page, context } = await activeMember(browser, 'Bram', 'male');
  // Bram fills in where he lives and the ages he is looking for; in his region nobody of those
  // ages is a member yet, in the country there are women.
  const own = (await pageApi<{ profile: Record<string, unknown> }>(page, 'GET', '/api/profile.php')).json
    .profile;
  const regions = (
    await pageApi<{ regions: Array<{ code: string; country: string }> }>(page, 'GET', '/api/regions.php')
  ).json.regions;
  const count = async (query: string) =>
    (
      await pageApi<{ num_results: number }>(
        page,
        'GET',
        `/api/members.php?gender=female&country=NL&${query}`,
      )
    ).json.num_results;
  let home: string | undefined;
  for (const r of regions.filter((r) => r.country === 'NL'))
    if ((await count(`countryregion=${r.code}&min_age=30&max_age=36`)) === 0) {
      home = r.code;
      break;
    }
  if (!home) throw new Error('every Dutch region has women of 30 to 36 in the demo data');
  expect(await count('min_age=20&max_age=46')).toBeGreaterThan(0);
  const saved = await pageApi(page, 'PUT', '/api/profile.php', {
    ...Object.fromEntries(Object.entries(own).filter(([k]) => PROFILE_BODY.includes(k))),
    country: 'NL',
    region: home,
    seeking_min_age: 30,
    seeking_max_age: 36,
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl('/members'));
  const results = page.getByRole('list', { name: nl('members.results.label') });
  await expect(results.getByRole('link').first()).toBeVisible();

  // A chosen filter goes into the address; a reload keeps it, back returns to the one before.
  const start = page.url();
  await page.getByRole('button', { name: nl('members.filters.toggle') }).click();
  await page.getByLabel(nl('members.filters.minAge'), { exact: true }).selectOption('30');
  await page.getByRole('button', { name: nl('members.filters.search') }).click();
  await expect(page).toHaveURL(/\/members\?gender=female&country=NL&min_age=30&max_age=\d+$/);
  await page.reload();
  await page.getByRole('button', { name: nl('members.filters.toggle') }).click();
  await expect(page.getByLabel(nl('members.filters.minAge'), { exact: true })).toHaveValue('30');
  await page.goBack();
  await expect(page).toHaveURL(start);
  await page.getByRole('button', { name: nl('members.filters.toggle') }).click();
  await expect(page.getByLabel(nl('members.filters.minAge'), { exact: true })).not.toHaveValue('30');
  await context.close();
});

test('a profile opened far down the search starts at its top; back returns to the same place', async ({
  page,
}) => {
  await logIn(page);
  await waitForSession(page, () => page.goto(siteUrl('/members')));
  // Everyone, so that the list is long.
  await page.getByRole('button', { name: nl('members.filters.toggle') }).click();
  await page.getByRole('button', { name: nl('members.filters.reset') }).click();
  const cards = page.getByRole('list', { name: nl('members.results.label') }).getByRole('link');
  await expect(cards.nth(11)).toBeVisible();
  await cards.nth(11).scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1200);
  // The wheel glides: the member taps once the list stands still.
  const settled = () =>
    page.evaluate(async () => {
      const before = window.scrollY;
      await new Promise((r) => setTimeout(r, 250));
      return window.scrollY === before;
    });
  await expect.poll(settled).toBe(true);
  const y = await page.evaluate(() => window.scrollY);
  await cards.nth(11).click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.locator('#member-name')).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(cards.nth(11)).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
});

test('the search on a phone: photo-first cards two a row, looked at in Dutch and English', async ({
  page,
}) => {
  await logIn(page);
  await waitForSession(page, () => page.goto(siteUrl('/members')));
  // The results of the search in any language (similar members, when shown, come in a list below).
  const cards = page.locator('ul.profile-grid').first().getByRole('link');
  await expect(cards.nth(1)).toBeVisible();
  const [a, b] = await cards.evaluateAll((els) =>
    els.slice(0, 2).map((el) => el.getBoundingClientRect().top),
  );
  expect(a).toBe(b);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await shoot(page, 'photo-first-search-nl');
  await page
    .context()
    .addCookies([{ name: 'i18n_locale', value: 'en', domain: 'amora.localhost', path: '/' }]);
  await page.reload();
  await expect(cards.nth(1)).toBeVisible();
  await shoot(page, 'photo-first-search-en');
});

test('the swipe card and its buttons fit one phone screen', async ({ page }) => {
  await logIn(page);
  await waitForSession(page, () => page.goto(siteUrl('/swipe-game')));
  const card = page.getByTestId('swipe-card');
  await expect(card).toBeVisible();
  await expect(card).toBeInViewport({ ratio: 1 });
  await expect(page.locator('.swipe-like')).toBeInViewport({ ratio: 1 });
  await expect(page.locator('.swipe-pass')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a paying member at the day’s swipe limit is told when it resets, not offered premium', async ({
  browser,
}) => {
  const { page, context } = await activeMember(browser, 'Noor', 'female');
  await page.setViewportSize({ width: 390, height: 844 });
  const packages = await pageApi<{ packages: Array<{ id: number }> }>(page, 'GET', '/api/credits.php');
  const started = await pageApi<{ checkout_url: string }>(page, 'POST', '/api/payments.php', {
    package_id: packages.json.packages[0]?.id,
    method: 'creditcard',
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  await page.goto(started.json.checkout_url);
  await page.getByRole('button', { name: nl('demoCheckout.outcome.paid'), exact: true }).click();
  await expect
    .poll(
      async () =>
        (await pageApi<{ user: { paid_user: boolean } }>(page, 'GET', '/api/user.php')).json.user.paid_user,
    )
    .toBe(true);

  // The day's likes, used through the game's own endpoint.
  const stack = await pageApi<{ profiles: Card[]; quota: { likes_per_day: number } }>(
    page,
    'GET',
    '/api/swipe-game.php',
  );
  const liked = stack.json.profiles.slice(0, stack.json.quota.likes_per_day);
  expect(liked.length).toBe(stack.json.quota.likes_per_day);
  for (const card of liked) {
    const res = await pageApi(page, 'POST', '/api/swipe-game.php', { member_id: card.id, liked: true });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }

  await page.goto(siteUrl('/swipe-game'));
  const limit = page.getByRole('region', { name: nl('swipeGame.limit.title') });
  await expect(limit).toBeVisible();
  await expect(limit).toContainText(/Nieuwe likes om \d\d:\d\d/);
  await expect(limit).not.toContainText(nl('swipeGame.limit.premiumTitle'));
  await expect(limit).not.toContainText(nl('swipeGame.limit.premium'));
  await expect(limit.getByRole('link', { name: nl('members.title') })).toHaveAttribute('href', '/members');
  await expectNoRawKeys(page);
  await expectAccessible(page);
  await context.close();
});
