import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  pageApi,
  SITES,
  shoot,
  siteData,
  siteUrl,
  test,
} from './fixtures';

/**
 * The installed app: each site's own manifest and icons, Chromium finding
 * the app installable, the back button and the absent entry warning in installed-app mode, the
 * page-hidden beacon, and the screens prefetched on idle. Screens land in test-results/screens/.
 */

test.describe.configure({ timeout: 60_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/**
 * Installed-app mode. Chromium does not emulate `display-mode` (CDP Emulation.setEmulatedMedia
 * ignores the feature, and an app window launched over CDP in headless mode still reports
 * `browser`), so the page's own question is answered: `(display-mode: standalone)` matches.
 */
async function standalone(context: BrowserContext) {
  await context.addInitScript(() => {
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      // A real MediaQueryList that matches ('all'), for exactly the question the app asks.
      query.replace(/\s+/g, '') === '(display-mode:standalone)' ? real('all') : real(query);
  });
}

/** A new member of the Dutch site, logged in, in a browser of their own. */
async function newMember(browser: Browser, opts: { installed?: boolean } = {}) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    localStorage.setItem('dismissed:entry-warning', String(Date.now()));
    // The time-bonus modal 40 s into the members area is tested on its own; here it would cover the page.
    for (let id = 1; id < 5000; id++)
      localStorage.setItem(`dismissed:time-bonus-modal:${id}`, String(Date.now()));
  });
  if (opts.installed) await standalone(context);
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const res = await pageApi(page, 'POST', '/api/signup.php', {
    email: `app-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name: 'Installateur',
    password: 'Fietsen-langs-de-Vecht-42',
    date_of_birth: '1988-03-12',
    gender: 'male',
    seeking_gender: 'female',
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { context, page };
}

/** The screen chunks (assets/<Screen>-<hash>.js) the page has asked for so far. */
const chunksAsked = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => /\/assets\/([A-Za-z]+)-[\w-]+\.js$/.exec(e.name)?.[1])
      .filter((n): n is string => Boolean(n)),
  );

const backButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: nl('shell.back') });
/** In installed-app mode the button's chunk loads with the top bar: only then does "none" mean none. */
const backButtonLoaded = (page: Page) => expect.poll(() => chunksAsked(page)).toContain('BackButton');
const resultCards = (page: Page) =>
  page.getByRole('list', { name: nl('members.results.label') }).getByRole('link');

test('every site links its own manifest: name, language, colours and icons that load', async ({ page }) => {
  const names = new Set<string>();
  for (const host of Object.values(SITES)) {
    await page.goto(siteUrl('/', host));
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? '';
      const res = await fetch(href);
      return { type: res.headers.get('content-type'), body: await res.json() };
    });
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    const { settings } = await siteData(page);
    expect(manifest.body).toMatchObject({
      name: settings.name,
      lang: settings.domain_language.replace('_', '-'),
      start_url: '/',
      display: 'standalone',
    });
    // The browser's bar takes the colour the manifest gives the installed app.
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute(
      'content',
      manifest.body.theme_color,
    );
    names.add(manifest.body.name);

    // Each icon is an image of the size the manifest says, and so is the iOS one.
    const icons: { src: string; sizes: string }[] = [
      ...manifest.body.icons,
      { src: '/apple-touch-icon.png', sizes: '180x180' },
    ];
    const loaded = await page.evaluate(
      (list) =>
        Promise.all(
          list.map(
            (icon) =>
              new Promise<string>((resolve) => {
                const img = new Image();
                img.onload = () => resolve(`${img.naturalWidth}x${img.naturalHeight}`);
                img.onerror = () => resolve('error');
                img.src = icon.src;
              }),
          ),
        ),
      icons,
    );
    expect(loaded).toEqual(icons.map((i) => i.sizes));
  }
  expect(names).toEqual(new Set(['Amora', 'Flirtlicht', 'Velvet Nights']));
});

test('Chromium finds the app installable', async ({ playwright, launchOptions }) => {
  // Not in an incognito profile (a new context is one: "in-incognito"): a profile on disk.
  const context = await playwright.chromium.launchPersistentContext(test.info().outputPath('profile'), {
    ...launchOptions,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await context.addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
    await page.goto(siteUrl('/', SITES.velvet));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(siteUrl('/manifest.webmanifest', SITES.velvet));
    expect(manifest.errors).toEqual([]);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
  }
});

test('installed: the back button on a profile reached from the search, not on the search nor on a first page', async ({
  browser,
}) => {
  const { context, page } = await newMember(browser, { installed: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(siteUrl('/members'));
  await expect(resultCards(page).first()).toBeVisible();
  expect(await page.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  // The search is where the member starts: nothing to go back to, and the route table gives it no button.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await backButtonLoaded(page);
  await expect(backButton(page)).toHaveCount(0);

  const card = resultCards(page).first();
  const href = (await card.getAttribute('href')) as string;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(backButton(page)).toBeVisible();
  await expectAccessible(page);
  await expectNoRawKeys(page);

  // The top bar with the back button, at a phone's and a desktop's width; on a phone the bar still fits.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, 'installed-app-profile', { viewportOnly: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    await expect(backButton(page)).toBeVisible();
    const bar = (await page.getByRole('banner').boundingBox()) as { height: number };
    await page.screenshot({
      path: path.resolve('test-results/screens', `installed-app-top-bar-${width}.png`),
      clip: { x: 0, y: 0, width, height: bar.height },
    });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `top bar at ${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  // The narrowest phones in common use: the bar still fits.
  await page.setViewportSize({ width: 360, height: 780 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'top bar at 360 px',
  ).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });

  // By keyboard: it goes back to the search, which has none.
  await backButton(page).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/members$/);
  await expect(resultCards(page).first()).toBeVisible();
  await expect(backButton(page)).toHaveCount(0);

  // Forward again: there again.
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(backButton(page)).toBeVisible();

  // The likes page has none; one of its tabs (likes-type), reached from it, has.
  await page
    .getByRole('banner')
    .getByRole('link', { name: nl('nav.likes') })
    .click();
  await expect(page).toHaveURL(/\/likes$/);
  await expect(page.getByRole('heading', { level: 1, name: nl('likes.title') })).toBeVisible();
  await expect(backButton(page)).toHaveCount(0);
  await page
    .getByRole('navigation', { name: nl('likes.tabs') })
    .getByRole('link', { name: new RegExp(`^${nl('likes.tab.matches')}`) })
    .click();
  await expect(page).toHaveURL(/\/likes\/matches$/);
  await expect(backButton(page)).toBeVisible();

  // A profile as the first page the app opens on: nothing in the app to go back to.
  const first = await context.newPage();
  await first.goto(siteUrl(href));
  await expect(first.getByRole('heading', { level: 1 })).toBeVisible();
  await backButtonLoaded(first);
  await expect(backButton(first)).toHaveCount(0);
  await context.close();
});

test('a browser tab never shows the back button', async ({ browser }) => {
  const { context, page } = await newMember(browser);
  await page.goto(siteUrl('/members'));
  const card = resultCards(page).first();
  const href = (await card.getAttribute('href')) as string;
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(backButton(page)).toHaveCount(0);
  // Nor is its chunk loaded: a browser tab does not pay for it.
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some((e) => /\/assets\/BackButton-/.test(e.name)),
    ),
  ).toBe(false);
  await context.close();
});

test.describe('a visitor', () => {
  test.use({ entryWarningDismissed: false });

  test('installed, gets no entry warning; in a browser tab, the same visitor would', async ({ browser }) => {
    const installed = await browser.newContext();
    await standalone(installed);
    const app = await installed.newPage();
    await app.goto(siteUrl('/'));
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    // The warning is decided once the user is known; give it the time it takes in a tab.
    const tab = await browser.newPage();
    await tab.goto(siteUrl('/'));
    await expect(tab.getByRole('dialog', { name: nl('entryWarning.title') })).toBeVisible();
    await expect(app.getByRole('dialog', { name: nl('entryWarning.title') })).toHaveCount(0);
    await tab.close();
    await installed.close();
  });
});

const isBeacon = (r: Request) =>
  new URL(r.url()).pathname === '/api/page-hidden.php' && r.method() === 'POST';

test('a member’s page sends the page-hidden beacon when hidden, and asks for the user when back', async ({
  browser,
}) => {
  const { context, page } = await newMember(browser);
  // The member's live part (components/Realtime.tsx) holds the socket and watches the page.
  const live = page.waitForEvent('websocket');
  let userRequests = 0;
  const isUser = (r: Request) => new URL(r.url()).pathname === '/api/user.php';
  page.on('request', (r) => {
    if (isUser(r)) userRequests += 1;
  });
  await page.goto(siteUrl('/members'));
  await live;
  await expect(resultCards(page).first()).toBeVisible();
  // The page brings the start-up answer; the browser asks 5 s later and then only a minute later,
  // so a request for the user soon after the page is back is the one this test is about.
  await expect.poll(() => userRequests, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

  // Headless Chromium keeps a page visible (another tab or a minimised window does not hide it),
  // so the page is told the way the browser tells it. (Leaving the page sends the beacon too, but
  // neither Playwright nor CDP reports a request sent while a document unloads.)
  const setVisibility = (state: 'hidden' | 'visible') =>
    page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
      Object.defineProperty(document, 'hidden', { value: s === 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  const beacon = page.waitForRequest(isBeacon);
  await setVisibility('hidden');
  const sent = await beacon;
  // Playwright does not show a beacon's body; the server answers 204 to `{}` only (400 otherwise).
  expect(sent.headers()['content-type']).toMatch(/^text\/plain/);
  expect(sent.headers()['x-requested-with']).toBeUndefined();
  expect((await sent.response())?.status()).toBe(204);
  // Back on the page: the user is asked for at once, which makes the member present again.
  const userAgain = page.waitForRequest(isUser, { timeout: 5_000 });
  await setVisibility('visible');
  await userAgain;
  await context.close();
});

test('a visitor’s page sends no beacon', async ({ page }) => {
  let beacons = 0;
  page.on('request', (r) => {
    if (isBeacon(r)) beacons += 1;
  });
  await page.goto(siteUrl('/pages/faq'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(500);
  expect(beacons).toBe(0);
});

test.describe('prefetch on idle', () => {
  test('a visitor on a desktop gets the signup modal, login and search before opening them', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(siteUrl('/'));
    await expect
      .poll(() => chunksAsked(page), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['SignupModal', 'LoginScreen', 'MembersScreen']));
    // Opening one now costs no request for its JavaScript: it comes from the cache.
    await page
      .getByRole('banner')
      .getByRole('link', { name: nl('shell.login') })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const loaded = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' && /\/assets\/LoginScreen-[\w-]+\.js$/.test(e.name))
        .map((e) => e.transferSize),
    );
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.every((bytes) => bytes === 0)).toBe(true);
  });

  test('a visitor on a phone gets the signup page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(siteUrl('/'));
    await expect
      .poll(() => chunksAsked(page), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['SignupScreen', 'LoginScreen']));
  });

  test('a member gets the profile, chats and likes', async ({ browser }) => {
    const { context, page } = await newMember(browser);
    await page.goto(siteUrl('/members'));
    await expect
      .poll(() => chunksAsked(page), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining(['MembersScreen', 'MemberProfileScreen', 'ChatsScreen', 'LikesScreen']),
      );
    await context.close();
  });

  test("a member's next screens are fetched after the page's load, not run while it loads", async ({
    browser,
  }) => {
    const { context, page } = await newMember(browser);
    await page.goto(siteUrl('/members'));
    const next = ['MemberProfileScreen', 'ChatsScreen', 'LikesScreen'];
    for (const name of next)
      await expect(page.locator(`head link[rel="prefetch"][href*="/assets/${name}-"]`).first()).toBeAttached({
        timeout: 10_000,
      });
    // Each chunk the page asked for, by who asked: a script (run) or a prefetch link (only cached).
    const asked = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => /\/assets\/[\w-]+\.js$/.test(e.name))
        .map((e) => ({ chunk: new URL(e.name).pathname, by: e.initiatorType })),
    );
    const run = asked.filter((a) => a.by !== 'link').map((a) => a.chunk);
    expect(run.filter((chunk) => next.some((name) => chunk.includes(`/${name}-`)))).toEqual([]);
    // Nor the forms' validation, which only those screens' dialogs and forms need.
    expect(run.filter((chunk) => /\/(coerce|FormField)-/.test(chunk))).toEqual([]);
    expect(asked.filter((a) => a.by === 'link').length).toBeGreaterThan(0);
    await context.close();
  });

  test('nothing is prefetched for a visitor who saves data', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
    );
    await page.goto(siteUrl('/'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Past the idle timeout (2 s) and the prefetch module's own load.
    await page.waitForTimeout(3_500);
    const asked = await chunksAsked(page);
    expect(asked).toContain('prefetch');
    expect(asked).not.toContain('LoginScreen');
  });
});
