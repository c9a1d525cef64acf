import type { Browser, Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { outbox } from './outbox';

/**
 * The first message on a member landing: a visitor writes it in the landing's signup form (it
 * survives a reload with the signup draft), signs up, confirms the address from the activation
 * mail, and the member gets it as the first message of their chat. Screens land in
 * test-results/screens/signup-message-*.
 */

const PASSWORD = 'Kaasmarkt-in-Alkmaar-12';
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const unique = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e4)}`;

/** Follows the activation link of the newest mail to `email` in this page. */
async function activate(page: Page, email: string) {
  let link: string | undefined;
  await expect
    .poll(() => {
      const text = outbox(email).at(-1)?.text ?? '';
      link = text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === '/api/activation.php');
      return link;
    })
    .toBeTruthy();
  const url = new URL(link as string);
  await page.goto(siteUrl(`${url.pathname}${url.search}`));
  await expect(page).toHaveURL(/\/activate\/done$/);
}

/** A new, activated member of the Dutch site, logged in, in a browser of its own. */
async function activatedMember(browser: Browser, name: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const email = `ml-msg-${unique()}@example.test`;
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name,
    password: PASSWORD,
    date_of_birth: '1992-04-11',
    gender: 'female',
    seeking_gender: 'male',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  await activate(page, email);
  const me = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  return { page, context, id: me.json.user.profile.id };
}

test('a visitor writes to the member on a member landing, signs up, activates, and the member gets it', async ({
  page,
  browser,
}) => {
  test.slow();
  const juna = await activatedMember(browser, `Juna${unique().slice(-4)}`);
  const text = `Hoi! Ik zag je profiel en wilde meteen iets zeggen (${unique()}).`;

  await page.goto(siteUrl(`/members/${juna.id}/signup`));
  const form = page.locator('form.signup-form');
  const message = form.getByLabel(nl('signup.message.label', { name: await nameOf(page, juna.id) }));
  await message.fill(text);
  const email = `visitor-${unique()}@example.test`;
  await form.getByLabel(nl('signup.email')).fill(email);
  await form.getByLabel(nl('signup.name')).fill(`Bas${unique().slice(-4)}`);
  // The draft keeps the message (and never the password) across a reload.
  await page.reload();
  await appStarted(page);
  await expect(message).toHaveValue(text);
  await expect(form.getByLabel(nl('signup.email'))).toHaveValue(email);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'signup-message-form');

  await form.getByLabel(nl('signup.password'), { exact: true }).fill(PASSWORD);
  await form.getByLabel(nl('signup.dateOfBirth')).fill('1988-09-21');
  await form.getByRole('button', { name: nl('signup.submit') }).click();
  await expect(page).toHaveURL(siteUrl(`/members/${juna.id}/chat`));
  await activate(page, email);

  // The member has it, as the first message of a new chat.
  await juna.page.goto(siteUrl('/chats'));
  await expect(juna.page.getByText(text)).toBeVisible();
  await juna.context.close();
});

/**
 * Resolves once the app has taken the drawn signup form over (React's props sit on its fields):
 * only then does the form show the draft. How fast that is on a busy machine is no part of what
 * these journeys check; benchmarks measure it.
 */
async function appStarted(page: Page) {
  await page.waitForFunction(
    () => {
      const field = document.querySelector('form.signup-form textarea');
      return !!field && Object.keys(field).some((k) => k.startsWith('__reactProps'));
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** The member's name as the landing shows it (a visitor may see the profile on the Dutch site). */
async function nameOf(page: Page, id: number): Promise<string> {
  const res = await pageApi<{ profile: { name: string } }>(page, 'GET', `/api/member.php?id=${id}`);
  return res.json.profile.name;
}

test('what a visitor types into the drawn signup form before the app has started is kept', async ({
  page,
  browser,
}) => {
  const juna = await activatedMember(browser, `Juna${unique().slice(-4)}`);
  const name = await nameOf(juna.page, juna.id);
  // The app's files wait until the visitor has typed: a slow phone's first seconds.
  let release: () => void = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(siteUrl(`/members/${juna.id}/signup`), { waitUntil: 'load' });
  const form = page.locator('form.signup-form');
  const message = form.getByLabel(nl('signup.message.label', { name }));
  const text = `Getypt voordat de app er was (${unique()}).`;
  await message.fill(text);
  const email = `early-${unique()}@example.test`;
  await form.getByLabel(nl('signup.email')).fill(email);
  release();
  await appStarted(page);
  // Nothing typed before the app started is gone, nor after a reload.
  await expect(message).toHaveValue(text);
  await expect(form.getByLabel(nl('signup.email'))).toHaveValue(email);
  await page.reload();
  await appStarted(page);
  await expect(message).toHaveValue(text);
  await juna.context.close();
});
