import type { Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';

/**
 * The member landings, as a visitor from paid traffic lives them: a
 * landing built around one real demo member, signup from there (the modal on a desktop, the page on
 * a phone) with the traffic source kept, and straight on to that member's chat or profile. An
 * unknown member is the 404 page. Screens land in test-results/screens/.
 */

const PASSWORD = 'Kaasmarkt-in-Alkmaar-12';
const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const unique = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e4)}`;

/** A member the Dutch site shows visitors (the logged-out showcase): active, visible, with a photo. */
async function shownMember(page: Page) {
  await page.goto(siteUrl('/pages/faq'));
  const res = await pageApi<{ profiles: { id: number; name: string; age: number }[] }>(
    page,
    'GET',
    '/api/showcase.php',
  );
  const member = res.json.profiles[0];
  if (!member) throw new Error('the demo data shows no member');
  return member;
}

/** Fills the signup form (modal or page) and sends it; resolves with the request the app sent. */
async function signUp(page: Page) {
  const form = page.locator('form.signup-form');
  await form.getByLabel(nl('signup.email')).fill(`landing${unique()}@example.test`);
  await form.getByLabel(nl('signup.name')).fill(`Bas${unique().slice(-4)}`);
  await form.getByLabel(nl('signup.password'), { exact: true }).fill(PASSWORD);
  await form.getByLabel(nl('signup.dateOfBirth')).fill('1988-09-21');
  const sent = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/signup.php' && r.method() === 'POST',
  );
  await form.getByRole('button', { name: nl('signup.submit') }).click();
  return (await sent).postDataJSON() as { tracking?: Record<string, string> };
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a visitor from an ad network signs up on a member landing and lands in the chat with that member', async ({
    page,
  }) => {
    test.slow();
    const member = await shownMember(page);
    const landing = `/members/${member.id}/landing`;
    await page.goto(siteUrl(`${landing}?network=mlnet&ref=r1&sub1=s1`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${member.name}, ${member.age}`);
    await expect(page.locator('.ml-spotlight-photo img')).toBeVisible();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shoot(page, 'member-landing');

    // "Chat with …": the signup modal over the landing.
    await page
      .getByRole('link', { name: nl('memberLanding.chatWith', { name: member.name }) })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: nl('signup.title') });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    const body = await signUp(page);

    // Straight to the chat with that member, not to /complete-signup.
    await expect(page).toHaveURL(siteUrl(`/members/${member.id}/chat`));
    await expect(dialog).toBeHidden();
    // The traffic source of the first page went with the signup; the server keeps it with the
    // account (server/routes/member-landing.api.test.ts, which reads the account's row).
    expect(body.tracking).toEqual({ network: 'mlnet', ref: 'r1', sub1: 's1', landing });
    const me = await pageApi<{ user: { status: string } | null }>(page, 'GET', '/api/user.php');
    expect(me.json.user).not.toBeNull();
    // What was kept for after the signup is used up.
    expect(await page.evaluate(() => sessionStorage.getItem('signup-next'))).toBeNull();

    // Logged in now: a member landing sends the member on at once, to the chat or the profile.
    await page.goto(siteUrl(`/members/${member.id}/landing3`));
    await expect(page).toHaveURL(siteUrl(`/members/${member.id}/chat`));
    await page.goto(siteUrl(`/members/${member.id}/landing2`));
    await expect(page).toHaveURL(siteUrl(`/members/${member.id}`));
  });

  test('the signup landing has the form in the page; it leads to the chat', async ({ page }) => {
    test.slow();
    const member = await shownMember(page);
    await page.goto(siteUrl(`/members/${member.id}/signup`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      nl('memberLanding.signup.title', { name: member.name }),
    );
    await expect(
      page.getByRole('complementary', { name: nl('memberLanding.signup.cardLabel', { name: member.name }) }),
    ).toBeVisible();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shoot(page, 'member-landing-signup');
    await signUp(page);
    await expect(page).toHaveURL(siteUrl(`/members/${member.id}/chat`));
  });

  test('an unknown member or a slug of no niche is the 404 page', async ({ page }) => {
    for (const path of ['/members/999999/landing', '/members/abc/signup', '/members/1/landing3/unicorns']) {
      await page.goto(siteUrl(path));
      await expect(page.getByRole('heading', { name: nl('error.pageNotFound') })).toBeVisible();
      await expect(page.getByRole('link', { name: nl('error.backHome') })).toHaveAttribute('href', '/');
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the profile landing leads through the signup page to the member’s profile', async ({ page }) => {
    test.slow();
    const member = await shownMember(page);
    await page.goto(siteUrl(`/members/${member.id}/landing2/plain-amsterdam`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${member.name}, ${member.age}`);
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shoot(page, 'member-landing2');
    await page.setViewportSize({ width: 390, height: 844 });
    await page
      .getByRole('link', { name: nl('memberLanding.profile.cta', { name: member.name }) })
      .first()
      .click();
    // Phones get the signup page rather than the modal.
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await signUp(page);
    await expect(page).toHaveURL(siteUrl(`/members/${member.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
  });

  test('the chat landing invites without a message from the member, and leads to the chat', async ({
    page,
  }) => {
    test.slow();
    const member = await shownMember(page);
    await page.goto(siteUrl(`/members/${member.id}/landing3`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      nl('memberLanding.chat.title', { name: member.name }),
    );
    await expect(page.getByText(nl('memberLanding.chat.draftLabel'))).toBeVisible();
    await expectAccessible(page);
    await expectNoRawKeys(page);
    await shoot(page, 'member-landing3');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: nl('memberLanding.chat.composer', { name: member.name }) }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await signUp(page);
    await expect(page).toHaveURL(siteUrl(`/members/${member.id}/chat`));
  });
});
