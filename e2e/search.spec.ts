import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { SEARCH_PAGE_SIZE } from '../common/api/search';
import { MAX_AGE, MIN_AGE, SEARCH_START_AGE_MARGIN } from '../common/constants';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, SITES, shoot, siteUrl, test } from './fixtures';

/**
 * The member search as a member lives it: home after login, filters
 * prefilled from the member's preferences, a search with chosen filters, pages that load as the
 * member scrolls, the count, the reset, a card that opens the profile and a way back to the same
 * results, the location control; visitors where the site lets them search and where it does not.
 * Screens land in test-results/screens/ at phone and desktop width.
 */

const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** The next answer of the member search whose query passes `test`. */
const searchAnswer = (page: Page, test: (q: URLSearchParams) => boolean = () => true) =>
  page.waitForResponse(
    (r: Response) => new URL(r.url()).pathname === '/api/members.php' && test(new URL(r.url()).searchParams),
  );

/** The exact results (similar members, when shown, have their own list below). */
const results = (page: Page) => page.getByRole('list', { name: nl('members.results.label') });
// Members' cards only: the console's browser tests may add partner promos to the site meanwhile,
// which the list shows as labelled ads between the members.
const cards = (page: Page) => results(page).locator('li:not(.promo-slot)').getByRole('link');
/** "1000+ leden gevonden" and its singular, as a pattern over the number shown. */
const countPattern = () =>
  new RegExp(
    `^(${[nl('members.results.count_one', { shown: 'N' }), nl('members.results.count_other', { shown: 'N' })]
      .map((s) => s.replace('N', '\\d+\\+?'))
      .join('|')})$`,
  );

test.describe('a member', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('lands on the search, searches with filters, scrolls for more, resets and opens a profile', async ({
    page,
    context,
  }) => {
    test.slow();
    // Login leads home, and home is the member search.
    await page.goto(siteUrl('/login'));
    await page.getByLabel(nl('login.email')).fill(DEMO.email);
    await page.getByLabel(nl('login.password'), { exact: true }).fill(DEMO.password);
    const first = searchAnswer(page);
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { level: 1, name: nl('members.title') })).toBeVisible();

    // Prefilled from the demo member's own preferences: the whole country, the ages widened.
    const own = await page.evaluate(() =>
      fetch('/api/profile.php', { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json()),
    );
    const asked = new URL((await first).url()).searchParams;
    const minAge = String(Math.max(MIN_AGE, own.profile.seeking_min_age - SEARCH_START_AGE_MARGIN));
    const maxAge = String(Math.min(MAX_AGE, own.profile.seeking_max_age + SEARCH_START_AGE_MARGIN));
    if (own.profile.seeking_gender) expect(asked.get('gender')).toBe(own.profile.seeking_gender);
    expect(asked.get('countryregion')).toBeNull();
    expect(asked.get('min_age')).toBe(minAge);
    expect(asked.get('max_age')).toBe(maxAge);
    await expect(page.getByLabel(nl('members.filters.minAge'), { exact: true })).toHaveValue(minAge);
    await expect(page.locator('.search-count')).toHaveText(countPattern());

    // Chosen filters, applied with the search button; every card shown fits them.
    const search = page.getByRole('search', { name: nl('members.filters.label') });
    await search.getByLabel(nl('members.filters.country'), { exact: true }).selectOption('NL');
    await search.getByLabel(nl('members.filters.maxAge'), { exact: true }).selectOption('60');
    await search.getByLabel(nl('members.filters.minAge'), { exact: true }).selectOption('30');
    const filtered = searchAnswer(page, (q) => q.get('min_age') === '30' && q.get('max_age') === '60');
    await search.getByRole('button', { name: nl('members.filters.search') }).click();
    const answer = await (await filtered).json();
    expect(new URL((await filtered).url()).searchParams.get('country')).toBe('NL');
    await expect(page.locator('.search-count')).toHaveText(countPattern());
    await expect(cards(page)).toHaveCount(answer.profiles.length);
    const ages = await results(page)
      .locator('figcaption strong')
      .evaluateAll((els) => els.map((el) => Number(/(\d+)$/.exec(el.textContent ?? '')?.[1])));
    for (const age of ages) expect(age).toBeGreaterThanOrEqual(30);
    for (const age of ages) expect(age).toBeLessThanOrEqual(60);
    // The chosen country is remembered for the server (COUNTRY_COOKIE).
    const cookie = (await context.cookies()).find((c) => c.name === 'country');
    expect(cookie).toMatchObject({ value: 'NL', path: '/', sameSite: 'Lax' });
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 86_400);

    // The reset clears the filters and the results: everyone, from the first page.
    const everyone = searchAnswer(page, (q) => [...q.keys()].length === 0);
    // The next page of everyone: asked for once the end of the results comes near.
    const more = searchAnswer(page, (q) => [...q.keys()].join() === 'cursor');
    await search.getByRole('button', { name: nl('members.filters.reset') }).click();
    const all = await (await everyone).json();
    await expect(search.getByLabel(nl('members.filters.gender'), { exact: true })).toHaveValue('');
    await expect(search.getByLabel(nl('members.filters.minAge'), { exact: true })).toHaveValue('');
    expect(all.num_results, 'the e2e seed needs more than one page of members on amora').toBeGreaterThan(
      SEARCH_PAGE_SIZE,
    );
    expect(all.profiles).toHaveLength(SEARCH_PAGE_SIZE);
    await expect(cards(page).nth(SEARCH_PAGE_SIZE - 1)).toBeVisible();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shoot(page, 'members');

    // Scrolling to the end of the results loads the next page onto them.
    await page.locator('.search-sentinel').scrollIntoViewIfNeeded();
    await more;
    await expect.poll(() => cards(page).count()).toBeGreaterThan(SEARCH_PAGE_SIZE);
    const shown = await cards(page).count();

    // A card opens the profile; back, the same results are there without a new search.
    const target = cards(page).nth(SEARCH_PAGE_SIZE);
    const href = await target.getAttribute('href');
    expect(href).toMatch(/^\/members\/\d+$/);
    let searchedAgain = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/members.php') searchedAgain = true;
    });
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await page.goBack();
    await expect(page).toHaveURL(/\/members$/);
    await expect(cards(page)).toHaveCount(shown);
    expect(searchedAgain).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test('uses the location for country and region, and never shows coordinates', async ({ page, context }) => {
    await context.grantPermissions(['geolocation'], { origin: siteUrl('/').replace(/\/$/, '') });
    await context.setGeolocation({ latitude: 52.0907, longitude: 5.1214 }); // Utrecht
    await page.goto(siteUrl('/login'));
    await page.getByLabel(nl('login.email')).fill(DEMO.email);
    await page.getByLabel(nl('login.password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
    // Somewhere else first, so the location visibly changes the search.
    const elsewhere = searchAnswer(page, (q) => q.get('country') === 'BE');
    await page.getByLabel(nl('members.filters.country'), { exact: true }).selectOption('BE');
    await page.getByRole('button', { name: nl('members.filters.search') }).click();
    await elsewhere;
    const geocode = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/geocode.php');
    await page.getByRole('button', { name: nl('members.locate.use') }).click();
    const sent = new URL((await geocode).url()).searchParams;
    expect(sent.get('lat')).toBe('52.09');
    expect(sent.get('lon')).toBe('5.12');
    await expect(page.locator('.search-locate-status')).toContainText('Utrecht');
    // The search now runs in the located region (a cached answer when the member lives there).
    await expect(page.getByLabel(nl('members.filters.country'), { exact: true })).toHaveValue('NL');
    await expect
      .poll(async () =>
        (await results(page).locator('.profile-card-region').allTextContents()).every((r) => r === 'Utrecht'),
      )
      .toBe(true);
    await expect(
      page.getByLabel(nl('members.filters.region'), { exact: true }).locator('option:checked'),
    ).toHaveText('Utrecht');
    await expect(page.locator('body')).not.toContainText('52.09');
    await expectAccessible(page);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the filters fold away behind a toggle; two cards a row', async ({ page }) => {
    await page.goto(siteUrl('/login'));
    await page.getByLabel(nl('login.email')).fill(DEMO.email);
    await page.getByLabel(nl('login.password'), { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: nl('login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.locator('.search-count')).toHaveText(countPattern());
    const toggle = page.getByRole('button', { name: nl('members.filters.toggle') });
    await expect(page.getByLabel(nl('members.filters.country'), { exact: true })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel(nl('members.filters.country'), { exact: true })).toBeVisible();
    await page.screenshot({ path: path.resolve('test-results/screens', 'members-filters-390.png') });
    // Everyone, so that there are cards to lay out.
    const everyone = searchAnswer(page, (q) => [...q.keys()].length === 0);
    await page.getByRole('button', { name: nl('members.filters.reset') }).click();
    await everyone;
    await expect(cards(page).nth(1)).toBeVisible();
    const tops = await cards(page).evaluateAll((els) =>
      els.slice(0, 2).map((el) => Math.round(el.getBoundingClientRect().top)),
    );
    expect(tops[0]).toBe(tops[1]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});

test.describe('a visitor', () => {
  test('searches where the site allows it', async ({ page }) => {
    await page.goto(siteUrl('/members'));
    await expect(page.locator('.search-count')).toHaveText(countPattern());
    await expect(cards(page).first()).toHaveAttribute('href', /^\/members\/\d+$/);
    await expectAccessible(page);
  });

  test('is asked to log in or sign up where the site keeps its search to members', async ({ page }) => {
    let searched = false;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/members.php') searched = true;
    });
    await page.goto(siteUrl('/members', SITES.flirtlicht));
    const de = (key: string) => t('de', key);
    await expect(page.getByRole('heading', { name: de('members.visitor.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: de('members.visitor.signup') })).toHaveAttribute(
      'href',
      '/signup',
    );
    await expectAccessible(page);
    await expectNoRawKeys(page, SITES.flirtlicht);
    expect(searched).toBe(false);
    await page.screenshot({ path: path.resolve('test-results/screens', 'members-visitor-1280.png') });
  });
});
