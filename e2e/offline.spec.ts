import type { Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';

/**
 * The offline shell: the service worker keeps the page, its entry files, the
 * language catalog and the site data, so that a repeat visit starts without the network and says
 * that the visitor is offline; nothing of a member is kept. Screens land in test-results/screens/.
 */

const nl = (key: string) => t('nl', key);

/** Resolves once the worker controls the page and holds what this page loaded before it was there. */
async function shellKept(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // Every file the page loaded (scripts, styles, the catalog) is kept.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const loaded = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((url) => /\/assets\/.+\.(js|css|json)$/.test(url));
        const kept = await Promise.all(loaded.map((url) => caches.match(url)));
        return loaded.length === 0 ? ['nothing loaded'] : loaded.filter((_url, i) => !kept[i]);
      }),
    )
    .toEqual([]);
}

test('a repeat visit starts without the network and says it is offline', async ({ context, page }) => {
  await page.goto(siteUrl('/'));
  await expect(page.locator('.layout')).toBeVisible();
  await shellKept(page);

  // Going offline during the visit is said at once.
  await context.setOffline(true);
  const notice = page.getByRole('status').filter({ hasText: nl('offlineNotice.text') });
  await expect(notice).toBeVisible();

  // A new start without the network: the page, not the browser's error page, and the note.
  await page.reload();
  await expect(page.locator('.layout')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(notice).toBeVisible();
  await expect(page).toHaveTitle(/\S/);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'offline-start', { viewportOnly: true });

  // Back online, the note goes.
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
});

test('a member’s repeat visit without the network starts and says so too', async ({ context, page }) => {
  await page.goto(siteUrl('/pages/faq'));
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email: `offline-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name: 'Noor',
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1991-02-03',
    gender: 'female',
    seeking_gender: 'male',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  await page.goto(siteUrl('/members'));
  await expect(page.locator('.layout')).toHaveAttribute('data-logged-in', 'true');
  await shellKept(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('.layout')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: nl('offlineNotice.text') })).toBeVisible();
  await shoot(page, 'offline-start-member', { viewportOnly: true });
});

test('the worker keeps site data but never the member’s own answers', async ({ page }) => {
  await page.goto(siteUrl('/'));
  await shellKept(page);
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(kept).toContain('/');
  expect(kept).toContain('/api/settings.php');
  expect(
    kept.filter((p) => p.startsWith('/api/') && !/settings|companyinfo|interests|regions/.test(p)),
  ).toEqual([]);
});

test('the worker script is served from the site root and revalidated', async ({ page }) => {
  await page.goto(siteUrl('/pages/faq'));
  const res = await page.evaluate(async () => {
    const r = await fetch('/sw.js');
    return {
      status: r.status,
      type: r.headers.get('content-type'),
      cache: r.headers.get('cache-control'),
      text: await r.text(),
    };
  });
  expect(res.status).toBe(200);
  expect(res.type).toMatch(/javascript/);
  expect(res.cache).toMatch(/no-cache|max-age=0/);
  // A classic script (not a module): no import or export statements at its top level.
  expect(res.text).not.toMatch(/^\s*(import|export)\s/m);
});
