import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { parseMail } from '../server/services/mail/testing/inbox';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';

/**
 * Chat between two real members in two browsers (issue 5 points 1–4): A opens B's profile and
 * writes (icebreaker, price, sent tick, credits dropping), B sees the unread badge and the
 * messages and replies, A sees the read ticks and B's answer, A runs out of credits and is
 * offered credits, B deletes the chat. A free member's third chat gets the premium-only alert.
 * Screens land in test-results/screens/ at phone and desktop width.
 */

test.describe.configure({ timeout: 120_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

function mailedActivation(to: string): string | undefined {
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(dir)) return undefined;
  const mail = fs
    .readdirSync(dir)
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => m.to.toLowerCase() === to.toLowerCase())
    .at(-1);
  const link = mail?.text
    .match(/https?:\/\/\S+/g)
    ?.find((u) => new URL(u).pathname === '/api/activation.php');
  return link ? `${new URL(link).pathname}${new URL(link).search}` : undefined;
}

/** A new, activated member of the Dutch site in a browser of its own (3 signup credits, free). */
async function activeMember(browser: Browser, name: string, gender: 'female' | 'male') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('dismissed:entry-warning', String(Date.now())));
  const page = await context.newPage();
  await page.goto(siteUrl('/pages/faq'));
  const email = `chat-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const signup = await pageApi(page, 'POST', '/api/signup.php', {
    email,
    name,
    password: 'Zeilboot-op-het-IJ-31',
    date_of_birth: '1990-05-20',
    gender,
    seeking_gender: gender === 'female' ? 'male' : 'female',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(201);
  let link: string | undefined;
  await expect.poll(() => (link = mailedActivation(email))).toBeTruthy();
  await page.goto(siteUrl(link as string));
  await expect(page).toHaveURL(/\/activate\/done$/);
  const me = await pageApi<{ user: { profile: { id: number } } }>(page, 'GET', '/api/user.php');
  return { page, context, id: me.json.user.profile.id, name };
}

const composerOf = (page: Page, name: string) =>
  page.getByRole('textbox', { name: nl('chat.composer.label', { name }) });
const balance = (count: number) =>
  nl(count === 1 ? 'chat.composer.balance_one' : 'chat.composer.balance_other', { count });

test('two members chat: unread badge, read ticks, credits per message, the credits offer, deleting', async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Anouk${suffix}`, 'female');
  const b = await activeMember(browser, `Bram${suffix}`, 'male');

  // A opens B's profile and taps "message": the chat with B, empty, so the icebreakers open.
  await a.page.goto(siteUrl(`/members/${b.id}`));
  await a.page.getByRole('link', { name: nl('memberProfile.actions.message'), exact: true }).click();
  await expect(a.page).toHaveURL(new RegExp(`/members/${b.id}/chat$`));
  const icebreakers = a.page.getByRole('dialog', { name: nl('chat.icebreakers.title', { name: b.name }) });
  await expect(icebreakers).toBeVisible();
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);
  await shoot(a.page, 'chat-icebreakers', { viewportOnly: true });
  const opener = nl('icebreakers.two', { name: b.name });
  await icebreakers.getByRole('button', { name: opener }).click();
  await expect(icebreakers).toBeHidden();
  const composer = composerOf(a.page, b.name);
  await expect(composer).toHaveValue(opener);
  await expect(composer).toBeFocused();

  // The price before sending: 1 credit per message, what a credit is worth in the Netherlands.
  const price = a.page.locator('.chat-price');
  await expect(price).toContainText(nl('chat.composer.price_one', { count: 1 }));
  const euro = new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format(1.49);
  await expect(price).toContainText(nl('chat.composer.creditValue', { money: euro }));
  await expect(price).toContainText(balance(3));

  // Enter sends: the message shows sent, the balance drops by one.
  await composer.press('Enter');
  const mine = a.page.locator('.chat-msg.is-mine');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toContainText(opener);
  await expect(mine.first().locator('.chat-state')).toHaveAttribute('title', nl('chat.state.sent'));
  await expect(composer).toHaveValue('');
  await expect(price).toContainText(balance(2));

  // Plain text only: markup stays text, an address becomes a safe link.
  await composer.fill('Kijk <b>hier</b>: https://example.com/plek?x=1. Shift+Enter\nmaakt een nieuwe regel');
  await composer.press('Enter');
  await expect(mine).toHaveCount(2);
  const link = mine.nth(1).getByRole('link', { name: 'https://example.com/plek?x=1' });
  await expect(link).toHaveAttribute('href', 'https://example.com/plek?x=1');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(mine.nth(1).locator('b')).toHaveCount(0);
  await expect(mine.nth(1)).toContainText('<b>hier</b>');
  await expect(price).toContainText(balance(1));

  // B: the unread badge in the top bar, then the overview with A's chat and its count.
  await b.page.goto(siteUrl('/members'));
  const nav = b.page.getByRole('navigation', { name: nl('shell.mainNavigation') });
  const messages = nav.getByRole('link', { name: new RegExp(nl('chats.nav')) });
  await expect(messages.locator('.member-nav-badge')).toHaveText('2');
  await messages.click();
  await expect(b.page).toHaveURL(/\/chats$/);
  const rowOfA = b.page.locator('.chat-row', { hasText: a.name });
  await expect(rowOfA.locator('.chat-row-unread')).toContainText('2');
  await expect(rowOfA).toContainText('https://example.com/plek');
  await expectAccessible(b.page);
  await expectNoRawKeys(b.page);
  await shoot(b.page, 'chat-overview', { viewportOnly: true });

  // B opens the chat: both messages under today's separator; opening it reads it.
  await rowOfA.getByRole('link').click();
  await expect(b.page).toHaveURL(/\/chats\/\d+$/);
  const theirs = b.page.locator('.chat-msg.is-theirs');
  await expect(theirs).toHaveCount(2);
  await expect(b.page.locator('.chat-day').first()).toHaveText(nl('chat.today'));
  const reply = `Hoi ${a.name}! Leuk dat je schrijft.`;
  await composerOf(b.page, a.name).fill(reply);
  await b.page.getByRole('button', { name: nl('chat.composer.send') }).click();
  await expect(b.page.locator('.chat-msg.is-mine')).toContainText(reply);
  await expect(b.page.locator('.chat-row.is-current .chat-row-unread')).toHaveCount(0);

  // A (after a reload; the socket brings it at once where it is running): the reply, read ticks.
  await a.page.reload();
  await expect(a.page.locator('.chat-msg.is-theirs')).toContainText(reply);
  await expect(mine.first().locator('.chat-state')).toHaveAttribute('title', nl('chat.state.read'));
  await expect(mine.nth(1).locator('.chat-state')).toHaveAttribute('title', nl('chat.state.read'));
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);
  await shoot(a.page, 'chat-conversation', { viewportOnly: true });

  // The gift picker: the catalogue with pictures, names and prices.
  await a.page.getByRole('button', { name: nl('chat.composer.gift') }).click();
  const gifts = a.page.getByRole('dialog', { name: nl('chat.gifts.title', { name: b.name }) });
  await expect(gifts.getByRole('button', { name: new RegExp(nl('gifts.rose')) })).toBeVisible();
  await expect(gifts.getByRole('button', { name: new RegExp(nl('gifts.diamond')) })).toContainText(
    nl('chat.gifts.price_other', { count: 25 }),
  );
  await expectAccessible(a.page);
  await shoot(a.page, 'chat-gifts', { viewportOnly: true });
  await gifts.getByRole('button', { name: nl('chat.gifts.close') }).click();
  await expect(gifts).toBeHidden();

  // The last credit goes on one more message; the next one is refused with the credits offer.
  await composerOf(a.page, b.name).fill('Nog eentje');
  await composerOf(a.page, b.name).press('Enter');
  await expect(price).toContainText(balance(0));
  await composerOf(a.page, b.name).fill('Zonder credits');
  await composerOf(a.page, b.name).press('Enter');
  const offer = a.page.getByRole('dialog', { name: nl('chat.credits.title') });
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('link', { name: nl('chat.credits.cta') })).toHaveAttribute('href', '/credits');
  await expectAccessible(a.page);
  await shoot(a.page, 'chat-credits-offer', { viewportOnly: true });
  await offer.getByRole('button', { name: nl('chat.credits.close') }).click();
  const failed = a.page.locator('.chat-msg.is-failed');
  await expect(failed).toContainText('Zonder credits');
  await expect(failed.getByRole('button', { name: nl('chat.retrySend') })).toBeVisible();
  const me = await pageApi<{ user: { credits: number } }>(a.page, 'GET', '/api/user.php');
  expect(me.json.user.credits).toBe(0);

  // B deletes the chat: it leaves the list at once, and stays gone after a reload.
  await b.page.goto(siteUrl('/chats'));
  await b.page.getByRole('button', { name: nl('chats.delete.button', { name: a.name }) }).click();
  const confirm = b.page.getByRole('dialog', { name: nl('chats.delete.title') });
  await expectAccessible(b.page);
  await confirm.getByRole('button', { name: nl('chats.delete.confirm') }).click();
  await expect(b.page.locator('.chat-row', { hasText: a.name })).toHaveCount(0);
  await b.page.reload();
  await expect(b.page.getByRole('heading', { name: nl('chats.empty.title') })).toBeVisible();
  await expectAccessible(b.page);
  await shoot(b.page, 'chat-overview-empty', { viewportOnly: true });

  await a.context.close();
  await b.context.close();
});

test("a free member's third chat is refused with the premium-only alert", async ({ browser }) => {
  const a = await activeMember(browser, `Fleur${Math.floor(Math.random() * 1e4)}`, 'female');
  const found = await pageApi<{ profiles: Array<{ id: number; name: string }> }>(
    a.page,
    'GET',
    '/api/members.php',
  );
  const [first, second, third] = found.json.profiles;
  if (!first || !second || !third) throw new Error('the demo site has fewer than three members to write to');

  // Two chats started (a message each), the free starts of SPEC §9.
  for (const other of [first, second]) {
    const sent = await pageApi(a.page, 'POST', '/api/messages.php', {
      client_id: crypto.randomUUID(),
      member_id: other.id,
      kind: 'text',
      body: 'Hallo!',
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  }

  // The third: the premium-only alert instead of the composer, with the way to premium.
  await a.page.goto(siteUrl(`/members/${third.id}/chat`));
  const alert = a.page.getByRole('note').filter({ hasText: nl('chat.premium.title') });
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: nl('chat.premium.cta') })).toHaveAttribute('href', '/premium');
  await expect(composerOf(a.page, third.name)).toHaveCount(0);
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);
  await shoot(a.page, 'chat-premium-only', { viewportOnly: true });

  // The two chats stay open to write in.
  await a.page.goto(siteUrl(`/members/${first.id}/chat`));
  await expect(composerOf(a.page, first.name)).toBeVisible();
  await a.context.close();
});

test('a visitor opening a chat is asked to log in for chat', async ({ page }) => {
  await page.goto(siteUrl('/chats'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fchats&reason=chat$/);
  await expect(page.getByText(nl('login.reason.chat'))).toBeVisible();
  await page.goto(siteUrl('/members/1/chat'));
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmembers%2F1%2Fchat&reason=chat$/);
});
