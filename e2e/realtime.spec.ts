import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';

/**
 * Real time between two members: what A does reaches B's open page over
 * the socket, without a reload: a like (the likes badge), then a message (the page title counts
 * unread messages plus new likes). B's own connection going offline and back is shown.
 */

test.describe.configure({ timeout: 90_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

/** Resolves once the page's socket has said `ready`: from then on events reach it live. */
async function socketReady(page: Page) {
  const socket = await page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'));
  await socket.waitForEvent('framereceived', {
    predicate: (frame) => String(frame.payload).includes('"ready"'),
  });
}

test("A's like and message reach B's open page at once: badge, title count; B's offline state shows", async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Ada${suffix}`, 'female');
  const b = await activeMember(browser, `Bas${suffix}`, 'male');

  const ready = socketReady(b.page);
  await b.page.goto(siteUrl('/pages/faq'));
  await ready;
  await expect(b.page).toHaveTitle(/^[^(]/);
  const nav = b.page.getByRole('navigation', { name: nl('shell.mainNavigation') });
  const likesLink = nav.getByRole('link', { name: new RegExp(nl('nav.likes')) });
  await expect(likesLink.locator('.member-nav-badge')).toHaveCount(0);

  // A likes B: B's badge and title follow without a reload (the 60 s refresh is far away).
  const liked = await pageApi(a.page, 'POST', '/api/likes.php', { member_id: b.id });
  expect(liked.status).toBe(200);
  await expect(likesLink.locator('.member-nav-badge')).toHaveText('1', { timeout: 5_000 });
  await expect(b.page).toHaveTitle(/^\(1\) /, { timeout: 5_000 });

  // A writes to B: one unread message plus one new like.
  const sent = await pageApi(a.page, 'POST', '/api/messages.php', {
    client_id: randomUUID(),
    member_id: b.id,
    body: 'Hoi Bas, zin in een koffie?',
  });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  await expect(b.page).toHaveTitle(/^\(2\) /, { timeout: 5_000 });

  // B's own connection: offline is said at once; back online, the note goes and events flow again.
  await b.context.setOffline(true);
  const status = b.page.getByRole('status').filter({ hasText: nl('realtime.offline') });
  await expect(status).toBeVisible();
  await expectAccessible(b.page);
  await expectNoRawKeys(b.page);
  await shoot(b.page, 'realtime-offline', { viewportOnly: true });
  const back = socketReady(b.page);
  await b.context.setOffline(false);
  await back;
  await expect(b.page.getByText(nl('realtime.offline'))).toHaveCount(0);
  const again = await pageApi(a.page, 'POST', '/api/messages.php', {
    client_id: randomUUID(),
    member_id: b.id,
    body: 'Of liever thee?',
  });
  expect(again.status, JSON.stringify(again.json)).toBe(200);
  await expect(b.page).toHaveTitle(/^\(3\) /, { timeout: 5_000 });

  await a.context.close();
  await b.context.close();
});
