import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { CompanyInfo } from '../common/api/company';
import type { SiteSettings } from '../common/api/settings';
import type { Locale } from '../common/constants';

export { expect };

/** The three sites of config/sites.json, told apart by host name on the one test server. */
export const SITES = {
  amora: 'amora.localhost',
  flirtlicht: 'flirtlicht.localhost',
  velvet: 'velvetnights.localhost',
} as const;
export type SiteHost = (typeof SITES)[keyof typeof SITES];

function port(): string {
  if (process.env.E2E_BASE_URL) return new URL(process.env.E2E_BASE_URL).port || '80';
  const p = process.env.E2E_PORT;
  if (!p) throw new Error('E2E_PORT is not set: run the suite through `npx playwright test`');
  return p;
}

export function siteUrl(path = '/', host: SiteHost = SITES.amora): string {
  return `http://${host}:${port()}${path}`;
}

type Options = {
  /** Stores the entry-warning dismissal before the page loads, so the modal does not cover the page. */
  entryWarningDismissed: boolean;
  /** Sets the `i18n_locale` cookie on every site before the test. */
  languageCookie: Locale | null;
};

export const test = base.extend<Options & { pageErrors: string[] }>({
  entryWarningDismissed: [true, { option: true }],
  languageCookie: [null, { option: true }],
  context: async ({ context, entryWarningDismissed, languageCookie }, use) => {
    if (entryWarningDismissed) {
      await context.addInitScript(() => {
        if (!localStorage.getItem('dismissed:entry-warning'))
          localStorage.setItem('dismissed:entry-warning', String(Date.now()));
      });
    }
    if (languageCookie)
      await context.addCookies(Object.values(SITES).map((host) => localeCookie(host, languageCookie)));
    await use(context);
  },
  // A script error on any page fails the test that caused it, and so does anything the page's
  // Content Security Policy refused (an inline style attribute in drawn HTML, for one).
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
      });
      await use(errors);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export function localeCookie(host: SiteHost, locale: Locale) {
  return { name: 'i18n_locale', value: locale, domain: host, path: '/' };
}

/** axe-core on the current screen: fails on serious or critical violations. */
export async function expectAccessible(page: Page) {
  // From the top of the page: scrolled, the sticky top bar lies over whatever passes under it, and
  // axe's target-size rule counts a control it half covers as too small (a reader scrolls on).
  await page.evaluate(() => window.scrollTo(0, 0));
  const results = await new AxeBuilder({ page })
    // Of axe's experimental rules, the one that a control's accessible name contains its visible
    // text (speech input users say what they see). Set before the tags: `options` replaces them.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}

/** The text a visitor can see or hear: visible text nodes, accessible names given as attributes, the title. */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const text = node.textContent?.trim();
      if (text && node.parentElement?.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [alt], [title]'))
      for (const attr of ['aria-label', 'alt', 'title']) {
        const v = el.getAttribute(attr);
        if (v) out.push(v);
      }
    return out;
  });
}

/** Fails when a catalog key or an unfilled placeholder shows instead of text. */
export async function expectNoRawKeys(page: Page, host: SiteHost = SITES.amora) {
  const texts = (await visibleTexts(page)).filter((t) => t !== host);
  expect(
    texts.filter((t) => /^[a-z]+(\.[a-zA-Z]+)+$/.test(t)),
    'catalog keys shown as text',
  ).toEqual([]);
  expect(
    texts.filter((t) => t.includes('{{')),
    'placeholders shown as text',
  ).toEqual([]);
}

/** The settings and company info the page itself loaded for its host. */
export async function siteData(page: Page): Promise<{ settings: SiteSettings; company: CompanyInfo }> {
  return page.evaluate(async () => {
    const get = (p: string) =>
      fetch(p, { headers: { 'X-Requested-With': 'XMLHttpRequest' } }).then((r) => r.json());
    const [s, c] = await Promise.all([
      get(`/api/settings.php?domain=${location.hostname}`),
      get('/api/companyinfo.php'),
    ]);
    return { settings: s.settings, company: c.company };
  });
}

/**
 * Resolves once the app runs on the page: a page the server drew is readable at once, but its
 * controls work only once the app (started after the page's load) has taken it over.
 */
export async function waitForApp(page: Page) {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
  );
}

/**
 * Resolves once the app knows who is logged in and rendered it: asked for, or brought by the page
 * (a page drawn on the server and a member's page carry the answer in their state).
 */
export async function waitForSession(page: Page, load: () => Promise<unknown>) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user.php');
  await load();
  const brought = await page.evaluate(() =>
    ['ssr-state', 'site-state'].some((id) =>
      document.getElementById(id)?.textContent?.includes('[["user"],'),
    ),
  );
  if (brought) answered.catch(() => undefined);
  else await answered;
  await expect(page.locator('.layout')).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** A call to the site's API from inside the page, with its cookies and the client header. */
export async function pageApi<T>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  );
}

export const SCREEN_WIDTHS = [390, 1280] as const;

/**
 * Screenshots of the page at a phone's and a desktop's width, into test-results/screens, to be
 * looked at. By default the viewport grows as tall as the page, so sticky bars sit where a reader
 * who scrolled there sees them; `viewportOnly` keeps the screen's height (a full-screen modal).
 */
export async function shoot(page: Page, name: string, opts: { viewportOnly?: boolean } = {}) {
  for (const width of SCREEN_WIDTHS) {
    const height = width < 600 ? 844 : 900;
    await page.setViewportSize({ width, height });
    if (!opts.viewportOnly) {
      const full = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width, height: Math.max(height, full) });
    }
    // Every picture in view has loaded (lazy ones load once the page is this tall); pictures in a
    // part hidden at this width (display: none) never do.
    await page.waitForFunction(() =>
      [...document.images].every((img) => img.complete || !img.checkVisibility()),
    );
    await page.screenshot({ path: path.resolve('test-results/screens', `${name}-${width}.png`) });
    await page.setViewportSize({ width, height });
  }
}
