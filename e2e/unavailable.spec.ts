import { t } from './catalog';
import { expect, siteUrl, test, waitForApp } from './fixtures';

const nl = (key: string) => t('nl', key);

/**
 * While the server cannot reach its database it answers 503 `unavailable` with a Retry-After: the
 * page says so calmly, over the content, keeps trying after the pause asked for, and the note goes
 * by itself once a call succeeds. The outage is played by answering one of the page's calls.
 */
test('a calm note while the service is unavailable, gone once a call succeeds again', async ({ page }) => {
  let down = true;
  await page.route('**/api/showcase.php*', (route) =>
    down
      ? route.fulfill({
          status: 503,
          headers: { 'retry-after': '1' },
          json: { error: 'unavailable', message: nl('error.unavailable'), retry_after: 1 },
        })
      : route.continue(),
  );
  // The home page's member sample, asked for by the browser on its way there (the page drawn by the
  // server would bring it).
  await page.goto(siteUrl('/complaints'));
  await waitForApp(page);
  await page.getByRole('banner').getByRole('link', { name: 'Amora' }).click();
  const notice = page.getByRole('status').filter({ hasText: nl('unavailableNotice.text') });
  await expect(notice).toBeVisible();
  // Laid over the page, so nothing in it moves when the note comes or goes.
  expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.boundingBox();

  down = false;
  await expect(notice).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(before);
});
