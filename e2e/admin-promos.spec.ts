import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminText, consoleUrl, expect, expectNoRawConsoleKeys, test } from './admin-fixtures';
import { t } from './catalog';
import { expectAccessible, expectNoRawKeys, pageApi, SITES, shoot, siteUrl } from './fixtures';

/**
 * Promo profiles of partner camera sites: an admin allows a partner host and creates a promo with
 * a picture in the console; a member sees it in the search as a labelled ad between the members,
 * opens its screen, and clicks through to the partner (through the server, which counts the
 * click under the member's traffic network); the click shows in the console's figures. On Velvet
 * Nights for members in the UK only, so no other spec's search meets the promo. Screens land in
 * test-results/screens/promo-*.
 */

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const PARTNER = 'cams.partner.test';
const NETWORK = `e2e-promo-${Date.now().toString(36)}`;

/** A new member of Velvet Nights in the UK, come with a traffic network, logged in, in a browser of its own. */
async function usMember(browser: Browser) {
  const context = await browser.newContext();
  await context.addCookies([
    { name: 'country', value: 'GB', domain: SITES.velvet, path: '/' },
    { name: 'i18n_locale', value: 'en', domain: SITES.velvet, path: '/' },
  ]);
  await context.addInitScript(() => {
    localStorage.setItem('dismissed:entry-warning', String(Date.now()));
    for (let id = 1; id < 5000; id++)
      localStorage.setItem(`dismissed:time-bonus-modal:${id}`, String(Date.now()));
  });
  // The partner's site is not on this network: its page is answered here.
  await context.route(/^https:\/\/([a-z0-9-]+\.)*cams\.partner\.test\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<title>Partner</title><p>Partner site</p>',
    }),
  );
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq', SITES.velvet));
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email: `promo-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name: 'Viewer',
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1984-05-02',
    gender: 'male',
    seeking_gender: 'female',
    tracking: { network: NETWORK },
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  return { page, context };
}

async function openVelvetPromos(page: Page) {
  await page.goto(consoleUrl('promos'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('promos.title'));
  await page
    .getByLabel(adminText('common.site'), { exact: true })
    .selectOption({ label: 'Velvet Nights (velvetnights.localhost)' });
  await expect(page).toHaveURL(/\/admin\/promos\?site=\d+$/);
}

test('an admin creates a promo; a member sees it labelled, opens it, clicks through, and the click is counted', async ({
  page,
  browser,
}) => {
  test.slow();
  const name = `Promo Anna ${Date.now().toString(36)}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openVelvetPromos(page);
  const siteId = Number(new URL(page.url()).searchParams.get('site'));

  // The allow-list first: a link elsewhere is refused with the field's message.
  const domains = page.getByLabel(adminText('promos.domains.label'));
  await expect(domains).toBeEditable();
  const before = (await domains.inputValue()).split('\n').filter(Boolean);
  await domains.fill([...new Set([...before, PARTNER])].join('\n'));
  await page.getByRole('button', { name: adminText('promos.domains.save') }).click();
  await expect(page.getByText(adminText('promos.domains.saved'))).toBeVisible();

  await page.getByRole('button', { name: adminText('promos.add') }).click();
  const form = page.locator('form.promos-form');
  await form.getByLabel(adminText('promos.fields.name')).fill(name);
  await form.getByLabel(adminText('promos.fields.age')).fill('26');
  await form.getByLabel(adminText('promos.fields.text')).fill('Live on camera tonight, come and say hi.');
  await form.getByLabel(adminText('promos.fields.url')).fill('https://evil.example.test/anna');
  await form.getByLabel(new Intl.DisplayNames(['en'], { type: 'region' }).of('GB') as string).check();
  const picture = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: { r: 120, g: 40, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  await form
    .getByLabel(adminText('promos.fields.picture'))
    .setInputFiles({ name: 'anna.jpg', mimeType: 'image/jpeg', buffer: picture });
  await form.getByRole('button', { name: adminText('promos.create') }).click();
  await expect(form.getByText(adminText('promos.errors.host'))).toBeVisible();
  await expect(form.getByLabel(adminText('promos.fields.url'))).toBeFocused();
  await shoot(page, 'promo-console-refused');
  await form
    .getByLabel(adminText('promos.fields.url'))
    .fill(`https://www.${PARTNER}/anna?aff=e2e&campaign=dating`);
  await form.getByRole('button', { name: adminText('promos.create') }).click();
  await expect(form).toBeHidden();
  const item = page.locator('.promos-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item.getByText(adminText('promos.status.live'))).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('src', /^\/media\/o\//);
  await expectAccessible(page);
  await expectNoRawConsoleKeys(page);
  await shoot(page, 'promo-console');

  // The member: the promo between the members, labelled, and never counted as one.
  const member = await usMember(browser);
  const m = member.page;
  const search = await pageApi<{ num_results: number | null; profiles: { name: string }[] }>(
    m,
    'GET',
    '/api/members.php?country=GB',
  );
  expect(search.json.profiles.map((p) => p.name)).not.toContain(name);
  const promos = await pageApi<{ promos: { name: string; kind: string; label: string }[] }>(
    m,
    'GET',
    '/api/promos.php',
  );
  expect(
    promos.json.promos.find((p) => p.name === name),
    JSON.stringify(promos.json),
  ).toMatchObject({
    kind: 'promo',
    label: 'ad',
  });
  await m.goto(siteUrl('/members', SITES.velvet));
  // Anyone of any age: enough members for a promo card between them.
  await m.getByLabel(en('members.filters.gender')).selectOption({ index: 0 });
  await m.getByLabel(en('members.filters.minAge')).selectOption({ index: 0 });
  await m.getByLabel(en('members.filters.maxAge')).selectOption({ index: 0 });
  const answered = m.waitForResponse((r) => new URL(r.url()).pathname === '/api/members.php');
  await m.getByRole('button', { name: en('members.filters.search'), exact: true }).click();
  const shown = (await (await answered).json()) as {
    num_results: number | null;
    profiles: { name: string }[];
  };
  expect(shown.profiles.map((p) => p.name)).not.toContain(name);
  expect(shown.profiles.length, 'members enough for a promo between them').toBeGreaterThanOrEqual(8);
  const results = m.getByRole('list', { name: en('members.results.label') });
  // It comes back after every eight members: the first one.
  const promoCard = results
    .getByRole('link', { name: en('promoProfile.cardLabel', { name, age: 26 }) })
    .first();
  await expect(promoCard).toBeVisible();
  await expect(promoCard.getByText(en('promoProfile.label'), { exact: true })).toBeVisible();
  // Its place: after the first eight members, and the count says members only.
  const firstPromo = results.locator('li.promo-slot').first();
  await expect(firstPromo).toBeVisible();
  expect(
    await results
      .locator('> li')
      .evaluateAll((lis) => lis.findIndex((li) => li.classList.contains('promo-slot'))),
  ).toBe(8);
  if (shown.num_results !== null && shown.num_results < 1000)
    await expect(m.locator('.search-count')).toHaveText(
      en('members.results.count_other', { count: shown.num_results, shown: shown.num_results }),
    );
  await shoot(m, 'promo-search');

  await promoCard.click();
  await expect(m).toHaveURL(/\/promo\/\d+$/);
  await expect(m.getByRole('heading', { level: 1 })).toHaveText(`${name}, 26`);
  await expect(m.getByText(en('promoProfile.notice'))).toBeVisible();
  await expect(
    m.locator('.promo-page-label').getByText(en('promoProfile.label'), { exact: true }),
  ).toBeVisible();
  await expectAccessible(m);
  await expectNoRawKeys(m, SITES.velvet);
  await shoot(m, 'promo-screen');

  const visit = m.getByRole('link', {
    name: new RegExp(en('promoProfile.visit', { host: `www.${PARTNER}` })),
  });
  await expect(visit).toHaveAttribute('rel', /sponsored/);
  const [partner] = await Promise.all([member.context.waitForEvent('page'), visit.click()]);
  await partner.waitForURL(`https://www.${PARTNER}/anna?aff=e2e&campaign=dating`);
  await expect(partner.getByText('Partner site')).toBeVisible();
  await member.context.close();

  // The console's figures: the click, under the member's network.
  await page.goto(consoleUrl(`figures?site=${siteId}`));
  const panel = page.locator('section.figures-promo-clicks');
  await expect(panel.getByRole('heading', { name: adminText('promos.figures.title') })).toBeVisible();
  const row = panel.getByRole('row').filter({ hasText: name }).filter({ hasText: NETWORK });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').last()).toHaveText('1');
  await expectNoRawConsoleKeys(page);

  // Switched off, the promo leaves the site at once; then it is deleted.
  await openVelvetPromos(page);
  await item.getByRole('button', { name: `${adminText('promos.deactivate')} ${name}` }).click();
  await expect(item.getByText(adminText('promos.status.off'))).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await item.getByRole('button', { name: `${adminText('promos.delete')} ${name}` }).click();
  await expect(item).toBeHidden();
});
