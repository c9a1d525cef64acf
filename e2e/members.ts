import type { Browser } from '@playwright/test';
import { expect, pageApi, siteUrl } from './fixtures';
import { outbox } from './outbox';

/** Members for tests between two real members (likes, chat): signed up and activated in browsers of their own. */

export function mailedActivation(to: string): string | undefined {
  const mail = outbox(to).at(-1);
  const link = mail?.text
    .match(/https?:\/\/\S+/g)
    ?.find((u) => new URL(u).pathname === '/api/activation.php');
  return link ? `${new URL(link).pathname}${new URL(link).search}` : undefined;
}

/**
 * A new member of the Dutch site in a browser of its own, activated through the mailed link (only
 * active members can be liked and seen), and its member id.
 */
export async function activeMember(browser: Browser, name: string, gender: 'female' | 'male') {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const email = `likes-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name,
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1992-03-14',
    gender,
    seeking_gender: gender === 'female' ? 'male' : 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  let link: string | undefined;
  await expect.poll(() => (link = mailedActivation(email))).toBeTruthy();
  await page.goto(siteUrl(link as string));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const me = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  return { page, context, id: me.json.user.profile.id, name, email };
}
