import type { Page } from '@playwright/test';
import { expect, expectAccessible, pageApi, siteUrl, test } from './fixtures';

/**
 * The pages people open first, as a visitor and as a member, at phone and desktop width: axe finds
 * nothing serious on any of them, the rule that a control's name holds its visible text included.
 * The entry warning is dismissed, so the page behind it is what is checked.
 */

const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };
const WIDTHS = [390, 1280];

const VISITOR_PAGES = ['/', '/members', '/pages/faq', '/login'];
const MEMBER_PAGES = [
  '/members',
  '/members/ID',
  '/likes',
  '/chats',
  '/chats/CHAT',
  '/credits',
  '/profile',
  '/me',
];

/** Waits until the screen has its data: its heading drawn, the network quiet. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const width of WIDTHS) {
  test(`visitor pages at ${width} px: nothing serious for axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    for (const path of VISITOR_PAGES) {
      await page.goto(siteUrl(path));
      await settled(page);
      await expectAccessible(page);
    }
  });

  test(`member pages at ${width} px: nothing serious for axe`, async ({ page }) => {
    test.slow();
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.goto(siteUrl('/pages/faq'));
    expect((await pageApi(page, 'POST', '/api/user.php', DEMO)).status).toBe(200);
    const members = await pageApi<{ profiles: { id: number }[] }>(page, 'GET', '/api/members.php');
    const chats = await pageApi<{ chats: { conversation: { id: number } }[] }>(page, 'GET', '/api/chats.php');
    const member = members.json.profiles[0]?.id;
    const chat = chats.json.chats[0]?.conversation.id;
    expect(member && chat, 'the demo login has members to see and a chat').toBeTruthy();
    for (const path of MEMBER_PAGES) {
      await page.goto(siteUrl(path.replace('ID', String(member)).replace('CHAT', String(chat))));
      await settled(page);
      await expectAccessible(page);
    }
  });
}
