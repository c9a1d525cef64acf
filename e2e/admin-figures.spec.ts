import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { adminText, consoleUrl, expect, test } from './admin-fixtures';
import { t } from './catalog';
import { expectAccessible, expectNoRawKeys, siteUrl } from './fixtures';

/**
 * The console's figures and complaints: the figures screen draws the demo data's last 30
 * days as charts with their numbers in tables, and follows a new date range; a complaint filed
 * through the member app's form is found in the console and moved on with a note. Screens land in
 * test-results/screens/console-*.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve('test-results/screens', `console-${name}.png`), fullPage: true });

const utcDay = (daysAgo = 0) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** A chart's panel by its title. */
const chart = (page: Page, titleKey: string) =>
  page.locator('section.figures-chart').filter({
    has: page.getByRole('heading', { level: 2, name: adminText(titleKey), exact: true }),
  });

/** Pixels the chart has drawn on its canvas (not transparent). */
const drawnPixels = (canvas: Locator) =>
  canvas.evaluate((el: HTMLCanvasElement) => {
    const { data } = el.getContext('2d')?.getImageData(0, 0, el.width, el.height) ?? { data: [] };
    let drawn = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) drawn++;
    return drawn;
  });

/** The numbers in a chart's data table (every cell but the day), summed. */
const tableSum = (panel: Locator) =>
  panel
    .locator('details table tbody td')
    .evaluateAll((cells) =>
      cells.reduce((n, c) => n + Number((c.textContent ?? '').replace(/\D/g, '') || 0), 0),
    );

test('the figures screen draws charts of the demo data and follows the date range', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(consoleUrl('figures'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('figures.title'));

  const charts = ['signups', 'active_members', 'messages', 'purchases', 'visits', 'revenue'];
  for (const key of charts) await expect(chart(page, `figures.charts.${key}`)).toBeVisible();
  // Every chart of the days is drawn, has a name that says what it shows, and its numbers below it.
  for (const key of ['signups', 'active_members', 'messages', 'purchases', 'visits']) {
    const panel = chart(page, `figures.charts.${key}`);
    const canvas = panel.locator('canvas');
    await expect(canvas).toHaveAttribute('role', 'img');
    await expect(canvas).toHaveAttribute(
      'aria-label',
      new RegExp(`^${adminText(`figures.charts.${key}`)}, `),
    );
    await expect.poll(() => drawnPixels(canvas), key).toBeGreaterThan(200);
    await expect(panel.locator('details table tbody tr')).toHaveCount(30);
  }
  // The demo data has a history: members active, messages written, visitors on each day.
  for (const key of ['active_members', 'messages', 'visits'])
    expect(await tableSum(chart(page, `figures.charts.${key}`)), key).toBeGreaterThan(0);

  // The table opens under its chart.
  await chart(page, 'figures.charts.signups').getByText(adminText('figures.dataTable')).click();
  await expect(chart(page, 'figures.charts.signups').locator('details table')).toBeVisible();

  // Visits, bounces and signups per network and lander.
  const traffic = chart(page, 'figures.charts.traffic');
  await expect(traffic.locator('canvas').first()).toBeVisible();
  await expect.poll(() => drawnPixels(traffic.locator('canvas').first())).toBeGreaterThan(200);
  await expect(traffic.locator('table tbody tr').first()).toBeVisible();
  expect(await traffic.locator('table tbody tr').count()).toBeGreaterThan(3);

  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shot(page, 'figures-1280');

  // A week: seven days in every table, and a chart named after the new range.
  const label = await chart(page, 'figures.charts.messages').locator('canvas').getAttribute('aria-label');
  await page.getByRole('button', { name: adminText('figures.presets.days_other', { count: 7 }) }).click();
  await expect(page).toHaveURL(new RegExp(`from=${utcDay(6)}&to=${utcDay()}`));
  for (const key of ['signups', 'messages', 'visits'])
    await expect(chart(page, `figures.charts.${key}`).locator('details table tbody tr')).toHaveCount(7);
  await expect(chart(page, 'figures.charts.messages').locator('canvas')).not.toHaveAttribute(
    'aria-label',
    label as string,
  );

  // Typed dates: the last three days.
  await page.getByLabel(adminText('common.from'), { exact: true }).fill(utcDay(2));
  for (const key of ['signups', 'messages', 'visits'])
    await expect(chart(page, `figures.charts.${key}`).locator('details table tbody tr')).toHaveCount(3);
  await expect
    .poll(() => drawnPixels(chart(page, 'figures.charts.visits').locator('canvas')))
    .toBeGreaterThan(200);

  // One site: its figures are part of all sites'.
  const allVisits = await tableSum(chart(page, 'figures.charts.visits'));
  await page.getByLabel(adminText('common.site')).selectOption({ index: 1 });
  await expect(page).toHaveURL(/site=\d+/);
  await expect.poll(() => tableSum(chart(page, 'figures.charts.visits'))).toBeLessThan(allVisits);
});

test('a complaint filed through the form is found in the console and closed with a note', async ({
  page,
  context,
}) => {
  // The complaints form of the member app, in English (the console tests' language).
  const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
  const visitor = await context.newPage();
  await visitor.goto(siteUrl('/complaints'));
  const field = (key: string) => visitor.getByLabel(en(key), { exact: true });
  const message = `Someone called Lotte asked me for money for a train ticket (${Date.now()}).`;
  await field('complaints.form.name').fill('Sanne de Vries');
  await field('complaints.form.email').fill(`console-${Date.now()}@example.test`);
  await field('complaints.form.category').selectOption({ label: en('complaints.categories.fake_profile') });
  await field('complaints.form.message').fill(message);
  await visitor.getByRole('button', { name: en('complaints.form.submit') }).click();
  await expect(visitor.getByRole('heading', { name: en('complaints.done.title') })).toBeFocused();
  const reference = ((await visitor.locator('.complaint-reference dd').textContent()) ?? '').trim();
  expect(reference).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await visitor.close();

  // The newest of the new complaints, with its state.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(consoleUrl('complaints'));
  await page.getByRole('button', { name: adminText('complaints.status.new'), exact: true }).click();
  await expect(page).toHaveURL(/status=new/);
  const row = page.locator('table.complaints-list tbody tr').first();
  await expect(row).toContainText(reference);
  await expect(row).toContainText('Sanne de Vries');
  await expect(row).toContainText('Amora');
  await expect(row).toContainText(en('complaints.categories.fake_profile'));
  await expect(row.locator('.badge').first()).toHaveText(adminText('complaints.status.new'));
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shot(page, 'complaints-1280');

  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    adminText('complaints.detail.title', { reference }),
  );
  await expect(page.getByText(message)).toBeVisible();
  await expect(page.getByText(adminText('complaints.history.none'))).toBeVisible();

  // Closing asks for a note first.
  await page.getByLabel(adminText('complaints.status.closed')).check();
  await page.getByRole('button', { name: adminText('complaints.form.save') }).click();
  await expect(page.getByRole('textbox', { name: adminText('common.note') })).toBeFocused();
  await expect(page.getByText(adminText('complaints.form.noteRequired'))).toBeVisible();
  await page
    .getByRole('textbox', { name: adminText('common.note') })
    .fill('Profile checked and removed; told the complainant.');
  await page.getByRole('button', { name: adminText('complaints.form.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: adminText('common.saved') })).toBeVisible();
  const history = page.locator('.complaints-history li');
  await expect(history).toHaveCount(1);
  await expect(history).toContainText(
    adminText('complaints.history.moved', { status: adminText('complaints.status.closed') }),
  );
  await expect(history).toContainText('Profile checked and removed; told the complainant.');
  await expect(history).toContainText('Demo admin');
  await expect(page.locator('.admin-page-header .badge')).toHaveText(adminText('complaints.status.closed'));
  await expectAccessible(page);
  await shot(page, 'complaint-1280');

  // It has left the new ones and is among the closed.
  await page.getByRole('link', { name: adminText('complaints.back') }).click();
  await page.getByRole('button', { name: adminText('complaints.status.closed'), exact: true }).click();
  await expect(page.locator('table.complaints-list tbody tr').first()).toContainText(reference);
  await page.getByRole('button', { name: adminText('complaints.status.new'), exact: true }).click();
  await expect(page.locator('table.complaints-list')).not.toContainText(reference);
});
