import type { Page } from '@playwright/test';
import { LANDER_NAMES } from '../common/rules/landers';
import { LOCALES } from './catalog';
import { expect, localeCookie, pageApi, SITES, type SiteHost, siteUrl, test } from './fixtures';

/**
 * The pages the server draws for paid traffic (every lander and member landing) are taken over by
 * the browser without React throwing the drawing away, in every language, for a fresh visitor, a
 * visitor whose address carries tracking values and one who brought them on an earlier page (the
 * browser remembers them). One browser context per language walks all pages, in that order.
 */

// React's hydration errors: text (418) or tree (423, 425) differing from the server's HTML.
const HYDRATION = /#418|#423|#425|hydrat/i;
const TRACKING = 'network=testnet&sub1=abc';

/**
 * Every drawn page: each lander, each kind of member landing; with `slugs` each lander with a
 * niche's slug too (another niche's members, the same drawing).
 */
function drawnPages(member: number, { slugs = false } = {}): string[] {
  return [
    ...LANDER_NAMES.map((name) => `/landers/${name}`),
    ...(slugs ? LANDER_NAMES.filter((n) => n !== 'tinderswipe').map((n) => `/landers/${n}/milf-summer`) : []),
    ...['landing', 'signup', 'landing2', 'landing3'].map((v) => `/members/${member}/${v}`),
  ];
}

/** A member the site shows visitors of a traffic source, asked for from a page of the site. */
async function shownMember(page: Page, host: SiteHost): Promise<number> {
  await page.goto(siteUrl('/pages/faq', host));
  const url = '/api/showcase.php?count=1&network=testnet';
  const shown = await pageApi<{ profiles: { id: number }[] }>(page, 'GET', url);
  const id = shown.json.profiles[0]?.id;
  if (!id) throw new Error('the demo data shows no member');
  return id;
}

/**
 * Opens every page fresh, then with tracking values in its address, then again without them (now
 * remembered); collects the hydration errors each page reports. A page is done when the browser
 * has taken it over and the network is quiet (its lazy screens and data have arrived).
 */
async function walk(
  page: Page,
  host: SiteHost,
  paths: string[],
  passes = [(path: string) => path, (path: string) => `${path}?${TRACKING}`, (path: string) => path],
): Promise<string[]> {
  const found: string[] = [];
  const note = (text: string) => {
    if (HYDRATION.test(text))
      found.push(`${new URL(page.url()).pathname}${new URL(page.url()).search}: ${text}`);
  };
  page.on('pageerror', (e) => note(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') note(m.text());
  });
  for (const address of passes)
    for (const path of paths) {
      await page.goto(siteUrl(address(path), host));
      await expect(page.locator('#ssr-state'), `${path} is drawn by the server`).toHaveCount(1);
      await page.waitForFunction(() =>
        Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
      );
      await page.waitForLoadState('networkidle');
    }
  return found;
}

test.describe('the server-drawn pages hydrate without mismatch', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const lng of LOCALES) {
    test(`${lng}: every lander and member landing, fresh, with tracking values and remembering them`, async ({
      page,
      context,
    }) => {
      test.setTimeout(150_000);
      await context.addCookies([localeCookie(SITES.amora, lng)]);
      const paths = drawnPages(await shownMember(page, SITES.amora));
      expect(await walk(page, SITES.amora, paths)).toEqual([]);
    });
  }

  // Without a language cookie the site's language is chosen; on the German site visitors see
  // members only with a traffic source, so a remembered network changes what the page shows.
  for (const host of [SITES.amora, SITES.flirtlicht]) {
    test(`${host} in its own language: fresh, with tracking values and remembering them`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const member = await shownMember(page, host);
      expect(await walk(page, host, drawnPages(member, { slugs: true }))).toEqual([]);
    });
  }
});

/**
 * The other pages visitors land on are drawn by the server too (the home page, the search, a
 * member's page, the information pages), and taken over without mismatch in every
 * language; with tracking values where they change what the search and a member's page show.
 */
test.describe('the visitor pages drawn on the server hydrate without mismatch', () => {
  const visitorPages = (member: number) => ['/', '/members', `/members/${member}`, '/pages/faq', '/terms'];
  // As a phone's browser and a desktop's.
  const PHONE_UA =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

  for (const [width, userAgent] of [
    [390, PHONE_UA],
    [1280, undefined],
  ] as const)
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, ...(userAgent ? { userAgent } : {}) });
      test('in every language', async ({ page, context }) => {
        test.setTimeout(240_000);
        const member = await shownMember(page, SITES.amora);
        for (const lng of LOCALES) {
          await context.addCookies([localeCookie(SITES.amora, lng)]);
          expect(await walk(page, SITES.amora, visitorPages(member), [(path) => path]), lng).toEqual([]);
        }
      });
    });

  test('on the German site, with tracking values and remembering them', async ({ page }) => {
    test.setTimeout(120_000);
    const member = await shownMember(page, SITES.flirtlicht);
    expect(await walk(page, SITES.flirtlicht, visitorPages(member))).toEqual([]);
  });
});
