import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, shoot, siteUrl, test } from './fixtures';

test.describe('in English', () => {
  test.use({ languageCookie: 'en' });

  test('an unknown page shows the 404 page with a working way home', async ({ page }) => {
    await page.goto(siteUrl('/no/such/page'));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('This page could not be found');
    await expect(page.getByRole('main')).toContainText('404');
    await expect(page).toHaveTitle('This page could not be found – Amora');
    await expectNoRawKeys(page);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(siteUrl('/'));
    await expect(heading).toHaveText(t('en', 'home.hero.plain.title'));
  });

  // Crawlers, link checkers and the ad networks' reports read the status: the server answers 404
  // with the same page, drawn in the visitor's language from its first byte.
  for (const path of ['/does-not-exist', '/landers/nothing', '/members/99999/landing']) {
    test(`${path} is answered 404 with the 404 page`, async ({ page }) => {
      const res = await page.goto(siteUrl(path));
      expect(res?.status()).toBe(404);
      const html = (await res?.text()) ?? '';
      expect(html).toContain('<title>This page could not be found – Amora</title>');
      expect(html).toContain(
        `<meta name="description" content="${t('en', 'home.hero.plain.subtitle', { site: 'Amora' })}">`,
      );
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
      await expectAccessible(page);
      if (path === '/does-not-exist') await shoot(page, 'not-found-en');
    });
  }

  test('the home page starts with its title and description in English', async ({ page }) => {
    const res = await page.goto(siteUrl('/'));
    const html = (await res?.text()) ?? '';
    const title = `${t('en', 'home.hero.plain.title')} – Amora`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(
      `<meta name="description" content="${t('en', 'home.hero.plain.subtitle', { site: 'Amora' })}">`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(title);
  });

  for (const path of ['/pages/xyz', '/xyz']) {
    test(`${path} is not an information page: 404`, async ({ page }) => {
      await page.goto(siteUrl(path));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    });
  }
});

test('the 404 page speaks the site language', async ({ page }) => {
  const res = await page.goto(siteUrl('/pages/xyz'));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'error.pageNotFound'));
  await expect(page.getByRole('link', { name: t('nl', 'error.backHome') })).toBeVisible();
  await expect(page).toHaveTitle(`${t('nl', 'error.pageNotFound')} – Amora`);
  await expectAccessible(page);
  await shoot(page, 'not-found-nl');
});

test('an unknown API path or file answers 404 as JSON, not the web page', async ({ request }) => {
  for (const path of ['/api/no-such-endpoint.php', '/api/', '/assets/no-such-file.js']) {
    const res = await request.get(siteUrl(path).replace('amora.localhost', '127.0.0.1'));
    expect(res.status(), path).toBe(404);
    expect(res.headers()['content-type'], path).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body.error, path).toBe('not_found');
    expect(typeof body.message, path).toBe('string');
  }
});
