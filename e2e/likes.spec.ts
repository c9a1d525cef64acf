import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, SITES, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';

/**
 * Likes and matches between two real members: A likes B, B sees the like (the top-bar badge, the
 * page title, the "new" mark on the received tab), the 'New like!' modal from `?t=1` shows A and
 * marks the like seen, B likes back from the likes screen, and both see the match. Then a page
 * bounce from `?lb`. Screens land in test-results/screens/ at phone and desktop width.
 */

// Two signups, two activations and two browsers: more than the default 30 s on 2 cores.
test.describe.configure({ timeout: 90_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

test('A likes B, B sees it new, the like modal shows A, B likes back, both see the match', async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Anouk${suffix}`, 'female');
  const b = await activeMember(browser, `Bram${suffix}`, 'male');

  // A likes B. (The profile screen's like button belongs to the profile view; this is its call.)
  const liked = await pageApi<{ like: { match: boolean } }>(a.page, 'POST', '/api/likes.php', {
    member_id: b.id,
  });
  expect(liked.json.like).toEqual({ member_id: b.id, liked: true, match: false });

  // B: the badge in the top bar, the count in the title, A on the received tab marked new.
  await b.page.goto(siteUrl('/likes'));
  const nav = b.page.getByRole('navigation', { name: nl('shell.mainNavigation') });
  const likesLink = nav.getByRole('link', { name: new RegExp(nl('nav.likes')) });
  await expect(likesLink.locator('.member-nav-badge')).toHaveText('1');
  await expect(b.page).toHaveTitle(/^\(1\) /);
  await expect(b.page.getByRole('heading', { level: 1, name: nl('likes.title') })).toBeVisible();
  const tabs = b.page.getByRole('navigation', { name: nl('likes.tabs') });
  await expect(tabs.getByRole('link', { name: new RegExp(nl('likes.tab.received')) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const cardOfA = b.page.locator('.likes-item', { hasText: a.name });
  await expect(cardOfA.locator('.likes-new-mark')).toHaveText(nl('likes.new'));
  await expect(cardOfA.getByRole('link')).toHaveAttribute('href', `/likes/m/${a.id}`);
  await expectAccessible(b.page);
  await expectNoRawKeys(b.page);
  await shoot(b.page, 'likes-received-new');

  // The like modal from `?t=1`: after a second it shows the real liker, then `t` leaves the URL.
  await b.page.goto(siteUrl('/likes/received?t=1'));
  const modal = b.page.getByRole('dialog', { name: nl('likeModal.title') });
  await expect(modal).toBeVisible({ timeout: 5_000 });
  await expect(modal).toContainText(nl('likeModal.likesYou', { name: a.name }));
  await expect(b.page).not.toHaveURL(/[?&]t=/);
  // After its 0.75 s delay the content fades in; axe judges contrast once it is there.
  await expect(modal.locator('.like-modal-body')).toHaveCSS('opacity', '1');
  await expectAccessible(b.page);
  // The modal covers the viewport: a viewport shot shows what the member sees.
  await shoot(b.page, 'likes-modal', { viewportOnly: true });
  await modal.getByRole('button', { name: nl('likeModal.close') }).click();
  await expect(modal).toBeHidden();
  // Shown once is seen: the badge and the "new" mark go once the likes reload.
  await expect(likesLink.locator('.member-nav-badge')).toHaveCount(0);
  await expect(cardOfA.locator('.likes-new-mark')).toHaveCount(0);
  const again = await pageApi<{ profile: unknown }>(b.page, 'GET', '/api/auto-like.php');
  expect(again.json).toEqual({ profile: null });

  // B likes back from the received tab: a match, on both sides, each with its match moment.
  await cardOfA.getByRole('button', { name: nl('likes.likeBackOf', { name: a.name }) }).click();
  await expect(b.page.locator('.likes-match-note')).toHaveText(nl('likes.itsAMatch', { name: a.name }));
  const moment = b.page.getByRole('dialog', { name: nl('matchMoment.title') });
  await moment.getByRole('button', { name: nl('matchMoment.keepBrowsing') }).click();
  await expect(moment).toBeHidden();
  const momentOfA = a.page.getByRole('dialog', { name: nl('matchMoment.title') });
  await momentOfA.getByRole('button', { name: nl('matchMoment.keepBrowsing') }).click();
  await expect(momentOfA).toBeHidden();
  await tabs.getByRole('link', { name: new RegExp(nl('likes.tab.matches')) }).click();
  await expect(b.page).toHaveURL(/\/likes\/matches$/);
  await expect(b.page.locator('.likes-item', { hasText: a.name })).toBeVisible();

  await a.page.goto(siteUrl('/likes/matches'));
  await expect(a.page.locator('.likes-item', { hasText: b.name })).toBeVisible();
  await expectAccessible(a.page);
  await shoot(a.page, 'likes-matches');
  await a.page.goto(siteUrl('/likes/given'));
  await expect(a.page.locator('.likes-item', { hasText: b.name })).toBeVisible();

  // An unknown tab is the 404 page.
  await a.page.goto(siteUrl('/likes/everyone'));
  await expect(a.page.getByRole('heading', { level: 1, name: nl('error.pageNotFound') })).toBeVisible();

  // A page bounce from `?lb`: logged, then `lb` leaves the URL.
  const bounce = a.page.waitForRequest((r) => r.url().endsWith('/api/bounce.php') && r.method() === 'POST');
  await a.page.goto(siteUrl('/likes?lb=1'));
  expect((await bounce).postDataJSON()).toMatchObject({ path: '/likes' });
  await expect(a.page).not.toHaveURL(/[?&]lb=/);

  await a.context.close();
  await b.context.close();
});

test('empty tabs invite to search, in the member’s language', async ({ browser }) => {
  const c = await activeMember(browser, `Cato${Math.floor(Math.random() * 1e4)}`, 'female');
  await c.page.goto(siteUrl('/likes/given'));
  await expect(c.page.getByRole('heading', { level: 2, name: nl('likes.empty.given') })).toBeVisible();
  await expect(c.page.locator('#main').getByRole('link', { name: nl('likes.cta') })).toHaveAttribute(
    'href',
    '/members',
  );
  await expectAccessible(c.page);
  await shoot(c.page, 'likes-empty');
  await c.context.close();
});

test('the demo login of a fresh start has real likes: seeded likers, some new, and the like modal shows one', async ({
  page,
}) => {
  // Flirtlicht's demo login: no other journey uses its likes.
  const host = SITES.flirtlicht;
  await page.goto(siteUrl('/pages/faq', host));
  const login = await pageApi(page, 'POST', '/api/user.php', {
    email: 'demo@demo.invalid',
    password: 'demo-password-1',
  });
  expect(login.status).toBe(200);
  const likes = await pageApi<{ liked_by: { id: number; like_new: boolean }[]; likes: number[] }>(
    page,
    'GET',
    '/api/likes.php',
  );
  const fresh = likes.json.liked_by.filter((l) => l.like_new).map((l) => l.id);
  expect(fresh.length).toBeGreaterThan(0);
  expect(likes.json.likes.some((id) => likes.json.liked_by.some((l) => l.id === id))).toBe(true);

  await page.goto(siteUrl('/likes', host));
  await expect(page.locator('.likes-item')).toHaveCount(likes.json.liked_by.length);
  await expect(page.locator('.likes-new-mark')).toHaveCount(fresh.length);
  // The likes item's badge: the messages item beside it has a badge of its own (seeded chats).
  await expect(page.locator('.member-nav a[href="/likes"] .member-nav-badge')).toHaveText(
    String(fresh.length),
  );
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'likes-demo-received');
  // Nothing sticks out sideways on a phone, not even with the longer brand name.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const autoLike = page.waitForResponse((r) => r.url().endsWith('/api/auto-like.php'));
  await page.goto(siteUrl('/likes?t=1', host));
  const shown = (await (await autoLike).json()) as { profile: { id: number } };
  // The newest unseen like of a real liker, with that liker's photo.
  expect(shown.profile.id).toBe(fresh[0]);
  const modal = page.getByRole('dialog');
  await expect(modal.locator('.like-modal-photo img')).toBeVisible();
  await expect(modal.locator('.like-modal-body')).toHaveCSS('opacity', '1');
  await shoot(page, 'likes-demo-modal', { viewportOnly: true });
  await modal.locator('.like-modal-photo').click();
  await expect(page).toHaveURL(new RegExp(`/members/${shown.profile.id}$`));
});
