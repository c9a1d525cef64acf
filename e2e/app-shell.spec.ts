import type { BrowserContext, Locator, Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { activeMember, mailedActivation } from './members';

/**
 * The members area on a phone (390 px) as an app: the bottom tab bar (each tab, the current one
 * marked, the unread and new-likes counts), Me with the language, the header with the brand and
 * the credits side by side, a conversation without the tab bar and with the balance in its header,
 * one banner at a time that pushes nothing down, no push prompt on arrival; the desktop (1280 px)
 * keeps its top bar. Screens land in test-results/screens/.
 */

test.describe.configure({ timeout: 150_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const tabBar = (page: Page, lng: (k: string) => string = nl) =>
  page.getByRole('navigation', { name: lng('nav.member') });
const tab = (page: Page, key: string, lng: (k: string) => string = nl) =>
  tabBar(page, lng).getByRole('link', { name: new RegExp(`^${lng(key)}`) });
const banners = (page: Page) => page.locator('.banner-slot > *');

/** The time-bonus modal 40 s into the members area is tested on its own; here it would cover the page. */
async function noTimeBonusModal(context: BrowserContext, id: number) {
  await context.addInitScript(
    (memberId) => localStorage.setItem(`dismissed:time-bonus-modal:${memberId}`, String(Date.now())),
    id,
  );
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 &&
  b.x < a.x + a.width - 0.5 &&
  a.y < b.y + b.height - 0.5 &&
  b.y < a.y + a.height - 0.5;

/** The boxes of the visible items of a bar: none lies over another, all lie inside the screen. */
async function expectSideBySide(page: Page, items: Locator, what: string) {
  const boxes: Box[] = [];
  for (const item of await items.all())
    if (await item.isVisible()) boxes.push((await item.boundingBox()) as Box);
  expect(boxes.length, `${what}: items`).toBeGreaterThan(1);
  const width = page.viewportSize()?.width ?? 0;
  for (const [i, a] of boxes.entries()) {
    expect(a.x, `${what}: item ${i} inside the screen`).toBeGreaterThanOrEqual(0);
    expect(a.x + a.width, `${what}: item ${i} inside the screen`).toBeLessThanOrEqual(width);
    for (const b of boxes.slice(i + 1))
      expect(overlap(a, b), `${what}: ${JSON.stringify([a, b])}`).toBe(false);
  }
}

/** The header's own items: back button, brand, the member's items, language, account. */
const headerItems = (page: Page) =>
  page.locator('.top-bar nav > :not(.member-nav), .top-bar .member-nav > li, .top-bar .member-nav-credits');

test('on a phone: the tab bar leads everywhere, marks where the member is and counts what is new; Me holds the language; the desktop keeps its top bar', async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const other = await activeMember(browser, `Fenna${suffix}`, 'female');
  const me = await activeMember(browser, `Joost${suffix}`, 'male');
  await noTimeBonusModal(me.context, me.id);
  // Another member likes Joost and writes to him: a new like, an unread message.
  expect((await pageApi(other.page, 'POST', '/api/likes.php', { member_id: me.id })).status).toBe(200);
  const sent = await pageApi<{ message: { conversation_id: number } }>(
    other.page,
    'POST',
    '/api/messages.php',
    {
      client_id: crypto.randomUUID(),
      member_id: me.id,
      body: 'Hoi Joost, ook zo van fietsen?',
    },
  );
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);

  const { page } = me;
  await page.setViewportSize(PHONE);
  await page.goto(siteUrl('/members'));
  const bar = tabBar(page);
  await expect(bar).toBeVisible();
  // Each tab: an icon with its words; the search is the current one.
  for (const key of ['nav.tabs.discover', 'nav.tabs.swipe', 'nav.likes', 'chats.nav', 'nav.tabs.me'])
    await expect(tab(page, key).locator('.tab-bar-label')).toContainText(nl(key));
  await expect(tab(page, 'nav.tabs.discover')).toHaveAttribute('aria-current', 'page');
  await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
  // The counts on their tabs, read out in words too.
  await expect(tab(page, 'chats.nav').locator('.tab-bar-badge')).toHaveText('1');
  await expect(tab(page, 'chats.nav')).toHaveAccessibleName(
    new RegExp(`^${nl('chats.nav')}\\s*, ${nl('chats.unread_one', { count: 1 })}$`),
  );
  await expect(tab(page, 'nav.likes').locator('.tab-bar-badge')).toHaveText('1');

  // The header: brand and the way to premium (this member has not paid), nothing on top of
  // another; the language and the account moved to Me, the search, likes and chats to the tab bar.
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: nl('nav.getPremium') })).toBeVisible();
  await expect(header.locator('.language-menu')).toBeHidden();
  await expect(header.locator('.account-menu')).toBeHidden();
  await expect(header.getByRole('link', { name: nl('nav.searchMembers') })).toBeHidden();
  await expectSideBySide(page, headerItems(page), 'phone header');
  // The page ends above the tab bar: scrolled to its end, its last line lies above the bar.
  const end = await page.evaluate(() => {
    const bar = (document.querySelector('.tab-bar') as HTMLElement).getBoundingClientRect();
    const parts = [...(document.querySelector('.layout') as HTMLElement).children].filter(
      (el) => !el.matches('.tab-bar, .banner-slot, .skip-link') && el.getBoundingClientRect().height > 0,
    );
    const last = (parts.at(-1) as HTMLElement).getBoundingClientRect();
    const scrolledToEnd = document.documentElement.scrollHeight - window.innerHeight;
    return { lastBottom: last.bottom + window.scrollY - scrolledToEnd, barTop: bar.top };
  });
  expect(end.lastBottom).toBeLessThanOrEqual(end.barTop + 0.5);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'app-shell-search', { viewportOnly: true });
  await page.setViewportSize(PHONE);

  // Each tab leads to its screen and is marked there.
  const steps: [string, RegExp][] = [
    ['nav.tabs.swipe', /\/swipe-game$/],
    ['nav.likes', /\/likes$/],
    ['chats.nav', /\/chats$/],
    ['nav.tabs.me', /\/me$/],
    ['nav.tabs.discover', /\/members$/],
  ];
  for (const [key, url] of steps) {
    await tab(page, key).click();
    await expect(page).toHaveURL(url);
    await expect(tab(page, key)).toHaveAttribute('aria-current', 'page');
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(tab(page, key)).toHaveClass(/is-current/);
  }

  // Likes and chats, as the member sees them.
  await tab(page, 'nav.likes').click();
  await expect(page.getByRole('heading', { level: 1, name: nl('likes.title') })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'app-shell-likes', { viewportOnly: true });
  await page.setViewportSize(PHONE);
  await tab(page, 'chats.nav').click();
  const row = page.locator('.chat-row', { hasText: other.name });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'app-shell-chats', { viewportOnly: true });
  await page.setViewportSize(PHONE);

  // A conversation: no tab bar (the composer takes the bottom), the balance in its header.
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  const composer = page.getByRole('textbox', { name: nl('chat.composer.label', { name: other.name }) });
  await expect(composer).toBeVisible();
  await expect(bar).toHaveCount(0);
  const { json } = await pageApi<{ user: { credits: number } }>(page, 'GET', '/api/user.php');
  const balance = page
    .locator('.chat-header')
    .getByRole('link', { name: new RegExp(`^${nl('nav.credits')}`) });
  await expect(balance).toBeVisible();
  await expect(balance).toContainText(String(json.user.credits));
  await expect(balance).toHaveAttribute('href', '/credits');
  await expectSideBySide(page, page.locator('.chat-header > *:not(.chat-connection)'), 'chat header');
  const composerBox = (await composer.boundingBox()) as Box;
  expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(PHONE.height);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'app-shell-chat', { viewportOnly: true });
  await page.setViewportSize(PHONE);

  // Me: the language, chosen here on a phone; the whole shell follows at once.
  await page.goto(siteUrl('/me'));
  await expect(tab(page, 'nav.tabs.me')).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page);
  await page.getByRole('combobox', { name: nl('me.language') }).selectOption('en');
  await expect(tab(page, 'nav.tabs.discover', en)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('combobox', { name: en('me.language') })).toHaveValue('en');
  await expectNoRawKeys(page);
  await shoot(page, 'app-shell-me-en', { viewportOnly: true });
  // English screens, as a phone shows them.
  for (const [key, name] of [
    ['nav.tabs.discover', 'search'],
    ['nav.likes', 'likes'],
    ['chats.nav', 'chats'],
  ] as const) {
    await page.setViewportSize(PHONE);
    await tab(page, key, en).click();
    await expect(tab(page, key, en)).toHaveAttribute('aria-current', 'page');
    await shoot(page, `app-shell-${name}-en`, { viewportOnly: true });
  }
  await page.setViewportSize(PHONE);
  await page.goto(siteUrl(`/chats/${sent.json.message.conversation_id}`));
  await expect(page.locator('.chat-header .member-nav-credits')).toBeVisible();
  await shoot(page, 'app-shell-chat-en', { viewportOnly: true });
  await page.setViewportSize(PHONE);
  await page.goto(siteUrl('/me'));
  await page.getByRole('combobox', { name: en('me.language') }).selectOption('nl');
  await expect(tab(page, 'nav.tabs.discover')).toBeVisible();

  // The desktop: the top bar as before (search, messages, likes, language, account), no tab bar.
  await page.setViewportSize(DESKTOP);
  await page.goto(siteUrl('/members'));
  await expect(header.getByRole('link', { name: nl('nav.searchMembers') })).toBeVisible();
  await expect(header.locator('.language-menu')).toBeVisible();
  await expect(header.locator('.account-menu')).toBeVisible();
  await expect(page.locator('.tab-bar')).toBeHidden();
  await expectSideBySide(page, headerItems(page), 'desktop header');
  await expectAccessible(page);
  await other.context.close();
  await me.context.close();
});

test('one banner at a time: the e-mail first, then the photo; none asks for push on arrival, none pushes the page down', async ({
  page,
  context,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(siteUrl('/pages/faq'));
  const email = `shell-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name: 'Lotte',
    password: 'Kaas-van-de-markt-77',
    date_of_birth: '1991-06-02',
    gender: 'female',
    seeking_gender: 'male',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  const { json } = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  await noTimeBonusModal(context, json.user.profile.id);

  // Unconfirmed e-mail and no photo: only the e-mail banner.
  await page.goto(siteUrl('/members'));
  const activation = banners(page).filter({ hasText: nl('accountMail.reminder.title') });
  await expect(activation).toBeVisible();
  await expect(banners(page)).toHaveCount(1);
  await expect(page.getByText(nl('photoAlert.text'))).toHaveCount(0);
  await expect(page.getByText(nl('pushAlert.text'))).toHaveCount(0);
  // It floats over the bottom, above the tab bar: the page starts right under the header.
  const headerBox = (await page.getByRole('banner').boundingBox()) as Box;
  const mainBox = (await page.locator('#main').boundingBox()) as Box;
  expect(mainBox.y).toBeCloseTo(headerBox.y + headerBox.height, 0);
  const bannerBox = (await activation.boundingBox()) as Box;
  const barBox = (await tabBar(page).boundingBox()) as Box;
  expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(barBox.y);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'app-shell-banner-activation', { viewportOnly: true });
  await page.setViewportSize(PHONE);

  // Confirmed: the next one, the photo; still one at a time, still no push.
  let link: string | undefined;
  await expect.poll(() => (link = mailedActivation(email))).toBeTruthy();
  await page.goto(siteUrl(link as string));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await page.goto(siteUrl('/members'));
  const photo = banners(page).filter({ hasText: nl('photoAlert.text') });
  await expect(photo).toBeVisible();
  await expect(banners(page)).toHaveCount(1);
  expect(((await page.locator('#main').boundingBox()) as Box).y).toBeCloseTo(mainBox.y, 0);
  await expectAccessible(page);
  await shoot(page, 'app-shell-banner-photo', { viewportOnly: true });
  await page.setViewportSize(PHONE);

  // Closed: the slot stays empty on this screen; the next screen shows the next banner (the
  // welcome offer of a new member), never the push prompt, which waits for a match or a message.
  await photo.getByRole('button', { name: nl('photoAlert.close') }).click();
  await expect(banners(page)).toHaveCount(0);
  await tab(page, 'nav.likes').click();
  await expect(page).toHaveURL(/\/likes$/);
  await expect(banners(page)).toHaveCount(1);
  await expect(page.locator('.banner-slot .offer-banner')).toBeVisible();
  await expect(page.getByText(nl('photoAlert.text'))).toHaveCount(0);
  await expect(page.getByText(nl('pushAlert.text'))).toHaveCount(0);
  await expectAccessible(page);
  await shoot(page, 'app-shell-banner-offer', { viewportOnly: true });
});

test('a visitor on a phone: the header keeps the language and the login, side by side; no tab bar', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(siteUrl('/pages/faq'));
  const language = page.getByRole('banner').locator('.language-menu > button');
  await expect(language).toBeVisible();
  // The name starts with what the button shows.
  await expect(language).toHaveAccessibleName(`NL, ${nl('shell.language', { language: 'Nederlands' })}`);
  await expect(page.locator('.tab-bar')).toHaveCount(0);
  await expectSideBySide(page, headerItems(page), 'visitor header');
  await expectAccessible(page);
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
});

test('installed on a phone: the same shell, with the back button beside the brand and the credits', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript(() => {
    localStorage.setItem('dismissed:entry-warning', String(Date.now()));
    // Installed-app mode: the page's own question is answered (Chromium does not emulate it).
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query.replace(/\s+/g, '') === '(display-mode:standalone)' ? real('all') : real(query);
  });
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email: `shell-app-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name: 'Sven',
    password: 'Molens-bij-Kinderdijk-19',
    date_of_birth: '1987-09-21',
    gender: 'male',
    seeking_gender: 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  const { json } = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  await noTimeBonusModal(context, json.user.profile.id);
  await page.goto(siteUrl('/members'));
  await expect(tabBar(page)).toBeVisible();
  const card = page
    .getByRole('list', { name: nl('members.results.label') })
    .getByRole('link')
    .first();
  await card.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('banner').getByRole('button', { name: nl('shell.back') })).toBeVisible();
  await expect(tab(page, 'nav.tabs.discover')).toHaveAttribute('aria-current', 'page');
  await expectSideBySide(page, headerItems(page), 'installed phone header');
  await expectAccessible(page);
  await context.close();
});
