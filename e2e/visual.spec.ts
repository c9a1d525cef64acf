import path from 'node:path';
import type { Page } from '@playwright/test';
import { INFO_PAGES } from '../common/rules/info-pages';
import { t } from './catalog';
import { expect, SITES, type SiteHost, siteUrl, test } from './fixtures';

/**
 * Every page of the foundation at phone and desktop width: nothing sticks out sideways, nothing
 * jumps while it loads, and a full-page screenshot lands in test-results/screens/ for a person to look at.
 */
const SCREENS: [name: string, path: string, host?: SiteHost][] = [
  ['home', '/'],
  ['home-flirtlicht', '/', SITES.flirtlicht],
  ['home-velvetnights', '/', SITES.velvet],
  ...INFO_PAGES.map((p): [string, string] => [`pages-${p}`, `/pages/${p}`]),
  ['lang-config', '/lang-config'],
  ['account-deleted', '/account-deleted'],
  ['account-deleted-reactivate', `/account-deleted?token=${'a'.repeat(43)}`],
  ['404', '/no-such-page'],
];

const shotPath = (name: string, width: number) =>
  path.resolve('test-results/screens', `${name}-${width}.png`);

/** Starts recording layout shifts before the app's own scripts run. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until nothing is loading (network quiet, every image complete, fonts ready), then measures. */
async function expectSettledLayout(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > width + 1 || r.left < -1) && el.checkVisibility();
      })
      .filter((el) => !el.closest('.skip-link, .dropdown-menu:not(.show)'))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .slice(0, 5);
  });
  expect(overflow, 'elements sticking out of the viewport').toEqual([]);
  const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  expect(shift, 'cumulative layout shift').toBeLessThan(0.1);
}

const WIDTHS = [390, 1280] as const;
const viewport = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

for (const [name, urlPath, host] of SCREENS) {
  test(`${name} fits and holds still at ${WIDTHS.join(' and ')} px`, async ({ page }) => {
    await recordLayoutShifts(page);
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await page.goto(siteUrl(urlPath, host));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectSettledLayout(page);
      await page.screenshot({ path: shotPath(name, width), fullPage: true });
    }
  });
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test.describe('with the entry warning', () => {
      test.use({ entryWarningDismissed: false });
      test('the dialog fits, its buttons are reachable and its primary action has visible focus', async ({
        page,
      }) => {
        await page.goto(siteUrl('/'));
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const box = await dialog.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        for (const control of await dialog.locator('a, button').all()) await expect(control).toBeInViewport();
        const enter = dialog.getByRole('button', { name: t('nl', 'entryWarning.enter') });
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await expect(enter).toBeFocused();
        const focusStyle = await enter.evaluate((el) => {
          const s = getComputedStyle(el);
          return { outline: s.outlineStyle, shadow: s.boxShadow };
        });
        expect(focusStyle.outline !== 'none' || focusStyle.shadow !== 'none', 'focus is visible').toBe(true);
        await page.screenshot({ path: shotPath('entry-warning', width) });
      });
    });
  });
}
