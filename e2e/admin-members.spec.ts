import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { adminText, consoleUrl, expect, test } from './admin-fixtures';
import { expectAccessible, expectNoRawKeys, pageApi, SITES, siteData, siteUrl } from './fixtures';
import { outbox } from './outbox';

/**
 * The console's members screen: an admin finds a member by e-mail, opens the record,
 * adjusts the credits with a reason and sees the ledger row, marks the profile fictional (and a
 * member of the site then sees the site's disclosure on it) and ends the member's sessions.
 * Screens land in test-results/screens/console-members-*.
 */

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.resolve('test-results/screens', `console-members-${name}.png`) });

/** A new, activated member of the site that discloses fictional profiles, logged in in a browser of its own. */
async function velvetMember(browser: Browser, name: string, gender: 'female' | 'male') {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq', SITES.velvet));
  const email = `console-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name,
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1991-05-20',
    gender,
    seeking_gender: gender === 'female' ? 'male' : 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  let link: string | undefined;
  await expect
    .poll(() => {
      const text = outbox(email).at(-1)?.text ?? '';
      link = text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === '/api/activation.php');
      return link;
    })
    .toBeTruthy();
  const url = new URL(link as string);
  await page.goto(siteUrl(`${url.pathname}${url.search}`, SITES.velvet));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const me = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  return { page, context, id: me.json.user.profile.id, email };
}

test('an admin finds a member, adjusts credits, marks the profile fictional and ends the sessions', async ({
  page,
  browser,
}) => {
  test.slow(); // two signups with their activation mails
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `Mirabel${Math.floor(Math.random() * 1e4)}`;
  const target = await velvetMember(browser, name, 'female');
  const viewer = await velvetMember(browser, 'Viggo', 'male');

  // Find by e-mail, whatever its case.
  await page.goto(consoleUrl('members'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(adminText('members.title'));
  await page.getByLabel(adminText('members.search.label')).fill(target.email.toUpperCase());
  await page.getByRole('button', { name: adminText('common.search') }).click();
  const row = page.getByRole('row').filter({ hasText: target.email });
  await expect(row).toHaveCount(1);
  await expectAccessible(page);
  await expectNoRawKeys(page, SITES.velvet);
  await shot(page, 'search');

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(consoleUrl(`members/${target.id}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(target.email).first()).toBeVisible();
  await expectAccessible(page);
  await expectNoRawKeys(page, SITES.velvet);
  await shot(page, 'record');

  // Adjust credits: a bad amount is refused in the dialog; a good one with a reason is a ledger row.
  const before = (await pageApi<{ user: { credits: number } }>(target.page, 'GET', '/api/user.php')).json.user
    .credits;
  await page.getByRole('button', { name: adminText('members.actions.credits.button') }).click();
  const credits = page.getByRole('dialog', { name: adminText('members.actions.credits.title') });
  await expect(credits).toBeVisible();
  const delta = credits.getByLabel(adminText('members.actions.credits.delta'));
  await expect(delta).toBeFocused();
  await delta.fill('0');
  await credits.getByLabel(adminText('common.reason')).fill('Compensation for the outage of last night');
  await credits.getByRole('button', { name: adminText('members.actions.credits.confirm') }).click();
  await expect(
    credits.getByText(adminText('members.actions.credits.invalid', { max: '100,000' })),
  ).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'credits-dialog');
  await delta.fill('25');
  await credits.getByRole('button', { name: adminText('members.actions.credits.confirm') }).click();
  await expect(credits).toBeHidden();
  await expect(page.locator('.admin-members-notice')).toHaveText(
    adminText('members.actions.credits.done', { credits: before + 25 }),
  );
  await page.getByRole('tab', { name: adminText('members.tabs.credits') }).click();
  const entry = page.getByRole('tabpanel').getByRole('row').nth(1);
  await expect(entry).toContainText('+25');
  await expect(entry).toContainText(adminText('members.credits.reasons.adjustment'));
  await expect(entry).toContainText(String(before + 25));
  expect(
    (await pageApi<{ user: { credits: number } }>(target.page, 'GET', '/api/user.php')).json.user.credits,
  ).toBe(before + 25);
  await shot(page, 'ledger');

  // Mark the profile fictional: the site's disclosure then shows on it in the member app.
  await viewer.page.goto(siteUrl(`/members/${target.id}`, SITES.velvet));
  const { settings } = await siteData(viewer.page);
  expect(settings.fictional_warning, 'the velvet site discloses fictional profiles').toBeTruthy();
  await expect(viewer.page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(viewer.page.getByText(settings.fictional_warning as string, { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: adminText('members.actions.fictional.mark') }).click();
  const fictional = page.getByRole('dialog', { name: adminText('members.actions.fictional.markTitle') });
  await fictional.getByLabel(adminText('common.reason')).fill('Profile run by the entertainment team');
  await fictional.getByRole('button', { name: adminText('members.actions.fictional.mark') }).click();
  await expect(fictional).toBeHidden();
  await expect(page.locator('.admin-members-head .admin-members-badge-fictional')).toHaveText(
    adminText('members.badges.fictional'),
  );
  await expect(
    page.getByRole('button', { name: adminText('members.actions.fictional.unmark') }),
  ).toBeVisible();

  await viewer.page.reload();
  await expect(viewer.page.locator('.member-fictional')).toContainText(settings.fictional_warning as string);

  // End the member's sessions: their browser is logged out.
  expect((await pageApi<{ user: unknown }>(target.page, 'GET', '/api/user.php')).json.user).not.toBeNull();
  await page.getByRole('button', { name: adminText('members.actions.sessions.button') }).click();
  const sessions = page.getByRole('dialog', { name: adminText('members.actions.sessions.title') });
  await expect(sessions).toContainText(adminText('members.actions.sessions.description', { count: 1 }));
  await sessions.getByRole('button', { name: adminText('members.actions.sessions.confirm') }).click();
  // Without a reason nothing happens.
  await expect(sessions.getByText(adminText('common.reasonRequired'))).toBeVisible();
  await sessions.getByLabel(adminText('common.reason')).fill('The member lost their phone');
  await sessions.getByRole('button', { name: adminText('members.actions.sessions.confirm') }).click();
  await expect(sessions).toBeHidden();
  await expect(page.locator('.admin-members-notice')).toHaveText(
    adminText('members.actions.sessions.done', { count: 1 }),
  );
  expect((await pageApi<{ user: unknown }>(target.page, 'GET', '/api/user.php')).json.user).toBeNull();

  // Every action is in the record's history, with the reasons.
  await page.getByRole('tab', { name: adminText('members.tabs.history') }).click();
  const history = page.getByRole('tabpanel');
  const done: [string, string][] = [
    ['member_credits', 'Compensation for the outage of last night'],
    ['member_fictional', 'Profile run by the entertainment team'],
    ['member_end_sessions', 'The member lost their phone'],
  ];
  for (const [action, reason] of done)
    await expect(
      history.getByRole('row').filter({ hasText: adminText(`members.history.actions.${action}`) }),
    ).toContainText(reason);
  await expectAccessible(page);
  await shot(page, 'history');

  await target.context.close();
  await viewer.context.close();
});
