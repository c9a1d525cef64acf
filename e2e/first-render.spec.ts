import { expect, pageApi, siteUrl, test } from './fixtures';

/**
 * The page brings the site's data (settings, company) with it: the app's first render asks the API
 * for neither, one round trip less on every page a visitor or member opens. Later screens use what
 * the page brought.
 */
const SITE_DATA = ['/api/settings.php', '/api/companyinfo.php'];

for (const path of ['/', '/members', '/login', '/pages/faq']) {
  test(`${path} renders without asking for the site's settings or company`, async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (SITE_DATA.includes(url.pathname)) asked.push(url.pathname);
    });
    await page.goto(siteUrl(path));
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.locator('footer .company-address')).not.toHaveClass(/is-pending/);
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });
}

test('a member page renders without asking for them either', async ({ page }) => {
  await page.goto(siteUrl('/pages/faq'));
  const login = await pageApi(page, 'POST', '/api/user.php', {
    email: 'demo@demo.invalid',
    password: 'demo-password-1',
  });
  expect(login.status).toBe(200);
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (SITE_DATA.includes(url.pathname)) asked.push(url.pathname);
  });
  await page.goto(siteUrl('/likes'));
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});
