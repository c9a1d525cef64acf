import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';

/**
 * Chat between two real members in two browsers: A opens B's profile and
 * writes (icebreaker, price, sent tick, credits dropping), B sees the unread badge and the
 * messages and replies, A sees the read ticks and B's answer, A runs out of credits and is
 * offered credits, B deletes the chat. A free member's third chat gets the premium-only alert.
 * Screens land in test-results/screens/ at phone and desktop width.
 */

test.describe.configure({ timeout: 120_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);

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

  // B is on the member search: what A writes arrives there live (the socket), no reload.
  await b.page.goto(siteUrl('/members'));
  const nav = b.page.getByRole('navigation', { name: nl('shell.mainNavigation') });
  const messages = nav.getByRole('link', { name: new RegExp(nl('chats.nav')) });
  await expect(messages).toBeVisible();

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

  // The price before sending: 1 credit per message, and what that costs in money: the same quote
  // the credits page shows (from the best-value package to the smallest), not a figure of its own.
  const price = a.page.locator('.chat-price');
  await expect(price).toContainText(nl('chat.composer.price_one', { count: 1 }));
  const quote = await pageApi<{ costs: { message: { min: number; max: number } } }>(
    a.page,
    'GET',
    '/api/credits.php',
  );
  const amount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
  const { min, max } = quote.json.costs.message;
  await expect(price).toContainText(new RegExp(`≈ .*${amount(min)}${min === max ? '' : `.*${amount(max)}`}`));
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
  await expect(messages.locator('.member-nav-badge')).toHaveText('2');
  await expect(b.page).toHaveTitle(/^\(2\) /);
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
  await expect(b.page.locator('.chat-row.is-current .chat-row-unread')).toHaveCount(0);

  // A, live: the read ticks, "typing…" while B types, then B's reply.
  await expect(mine.first().locator('.chat-state')).toHaveAttribute('title', nl('chat.state.read'));
  await expect(mine.nth(1).locator('.chat-state')).toHaveAttribute('title', nl('chat.state.read'));
  const reply = `Hoi ${a.name}! Leuk dat je schrijft.`;
  await composerOf(b.page, a.name).pressSequentially('Hoi ');
  await expect(a.page.locator('.chat-header')).toContainText(nl('chat.typing', { name: b.name }));
  await composerOf(b.page, a.name).fill(reply);
  await b.page.getByRole('button', { name: nl('chat.composer.send') }).click();
  await expect(b.page.locator('.chat-msg.is-mine')).toContainText(reply);
  await expect(a.page.locator('.chat-msg.is-theirs')).toContainText(reply);
  await expect(a.page.locator('.chat-header')).not.toContainText(nl('chat.typing', { name: b.name }));
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

  // Two chats started (a message each), the free members' two starts.
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

test('a photo message: previewed with its price, Cancel sends nothing, Send sends it as multipart for photo credits', async ({
  browser,
}) => {
  const a = await activeMember(browser, `Iris${Math.floor(Math.random() * 1e4)}`, 'female');
  await a.page.setViewportSize({ width: 390, height: 844 });
  const found = await pageApi<{ profiles: Array<{ id: number; name: string }> }>(
    a.page,
    'GET',
    '/api/members.php',
  );
  const other = found.json.profiles[0];
  if (!other) throw new Error('no member to write to');
  await a.page.goto(siteUrl(`/members/${other.id}/chat`));
  await a.page.getByRole('button', { name: nl('chat.icebreakers.own') }).click();
  const photo = await sharp({
    create: { width: 600, height: 800, channels: 3, background: { r: 200, g: 60, b: 120 } },
  })
    .jpeg()
    .toBuffer();
  const sends: string[] = [];
  a.page.on('request', (r) => {
    if (r.url().includes('/api/messages.php') && r.method() === 'POST') sends.push(r.url());
  });
  const pick = () =>
    a.page
      .locator('input[type=file]')
      .setInputFiles({ name: 'ik.jpg', mimeType: 'image/jpeg', buffer: photo });

  // Picked: the photo and its price first (the site's photo price, what the server charges).
  await pick();
  const preview = a.page.getByRole('dialog', { name: nl('chat.photoPreview.title', { name: other.name }) });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('img', { name: nl('chat.photoPreview.alt') })).toHaveJSProperty(
    'complete',
    true,
  );
  await expect(preview).toContainText(nl('chat.photoPreview.price_other', { count: 2 }));
  await expect(preview).toContainText(balance(3));
  await expectAccessible(a.page);
  await expectNoRawKeys(a.page);
  await shoot(a.page, 'chat-photo-preview', { viewportOnly: true });
  await a.page.setViewportSize({ width: 390, height: 844 });

  // Cancel: nothing is sent and nothing is charged.
  await preview.getByRole('button', { name: nl('chat.photoPreview.cancel') }).click();
  await expect(preview).toBeHidden();
  await expect(a.page.locator('.chat-msg')).toHaveCount(0);
  const after = await pageApi<{ user: { credits: number } }>(a.page, 'GET', '/api/user.php');
  expect(after.json.user.credits).toBe(3);
  expect(sends).toEqual([]);

  // Picked again and sent.
  await pick();
  await preview.getByRole('button', { name: nl('chat.photoPreview.send_other', { count: 2 }) }).click();
  await expect(preview).toBeHidden();
  const sent = a.page.locator('.chat-msg.is-mine');
  await expect(sent.getByRole('link', { name: nl('chat.photoMine') })).toBeVisible();
  await expect(sent.locator('.chat-state')).toHaveAttribute('title', nl('chat.state.sent'));
  await expect(sent.locator('img.chat-photo')).toHaveAttribute('src', /^\/(?!blob)/);
  await expect(a.page.locator('.chat-price')).toContainText(balance(1));
  expect(sends).toHaveLength(1);
  await expectAccessible(a.page);
  await a.context.close();
});

/**
 * A long history (300 messages, served by a stand-in for the chat API so the test does not need
 * 300 sends): only the messages near the view are in the page, scrolling up asks for the page
 * before the oldest message, and the message in view stays where it was when it arrives.
 */
test('a long history stays light, loads older pages on scroll-up and keeps its place', async ({ page }) => {
  const me = 900_001;
  const other = { ...card(900_002, 'Lotte'), online: true };
  const total = 300;
  const base = Date.now() - total * 20 * 60_000;
  const all = Array.from({ length: total }, (_, i) => ({
    id: i + 1,
    conversation_id: 77,
    client_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    sender_id: i % 3 === 0 ? me : other.id,
    kind: 'text',
    body:
      i % 7 === 0
        ? `Bericht ${i + 1}: een langer bericht dat over meerdere regels loopt op een telefoon`
        : `Bericht ${i + 1}`,
    photo: null,
    gift: null,
    created_at: new Date(base + i * 20 * 60_000).toISOString(),
  }));
  const asked: Array<string | null> = [];
  await page.route('**/api/user.php', (route) =>
    route.fulfill({ json: { user: { ...USER, profile: card(me, 'Sanne') } } }),
  );
  await page.route('**/api/chats.php', (route) => route.fulfill({ json: { chats: [] } }));
  await page.route('**/api/likes.php', (route) => route.fulfill({ json: { profiles: [], liked_by: [] } }));
  await page.route('**/api/chat.php?id=77', (route) =>
    route.fulfill({
      json: {
        chat: {
          conversation: { id: 77 },
          profile: other,
          num_unread_messages: 0,
          other_last_read_message_id: 298,
          cannot_send: null,
          awaiting_my_confirmation: false,
        },
      },
    }),
  );
  await page.route('**/api/messages.php?*', (route) => {
    const before = new URL(route.request().url()).searchParams.get('before');
    asked.push(before);
    const end = before ? Number(before) - 1 : total;
    const start = Math.max(0, end - 30);
    route.fulfill({ json: { messages: all.slice(start, end), has_more: start > 0, history_limited: false } });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl('/chats/77'));
  const history = page.getByRole('region', { name: nl('chat.history', { name: 'Lotte' }) });
  await expect(history.getByText('Bericht 300', { exact: true })).toBeVisible();
  await expect(page.locator('.chat-msg.is-mine').last().locator('.chat-state')).toHaveAttribute(
    'title',
    nl('chat.state.read'),
  );

  // Up to the top a few times: older pages come, each asked for before the oldest message.
  for (let i = 0; i < 4; i++) {
    const oldest = (await page.locator('.chat-msg').first().textContent()) ?? '';
    await history.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect(page.locator('.chat-msg').first()).not.toHaveText(oldest);
  }
  expect(asked.slice(0, 3)).toEqual([null, '271', '241']);
  // Only what is near the view is in the page, however much was loaded.
  expect(await page.locator('.chat-msg').count()).toBeLessThan(60);

  // Where the reader was stays put when the older page arrives above it.
  await history.evaluate((el) => {
    el.scrollTop = 420;
  });
  await page.waitForTimeout(300);
  /** The first message wholly in view, and where it is on the screen. */
  const inView = (wanted?: string) =>
    page.evaluate((wanted) => {
      const texts = [...document.querySelectorAll<HTMLElement>('.chat-text')];
      const el = wanted
        ? texts.find((t) => t.textContent === wanted)
        : texts.find((t) => t.getBoundingClientRect().top > 120);
      return el ? { text: el.textContent ?? '', top: el.getBoundingClientRect().top } : null;
    }, wanted);
  const before = await inView();
  if (!before) throw new Error('no message in view');
  const pages = asked.length;
  await history.evaluate((el) => {
    el.scrollTop = 300;
  });
  await expect.poll(() => asked.length).toBeGreaterThan(pages);
  await page.waitForTimeout(500);
  const after = await inView(before.text);
  // Scrolled up by 120 px: the message moved down by that, not by the height of the new page.
  expect(Math.abs((after?.top ?? -1000) - before.top - 120)).toBeLessThan(40);
  await expectAccessible(page);
  await shoot(page, 'chat-long-history', { viewportOnly: true });
});

/**
 * Why a message cannot go, as the member reads it (a stand-in chat API): the other member must
 * confirm their e-mail first; the viewer's own unconfirmed e-mail (writing still works);
 * a flood answered slow_down; the history limit of a free member above the oldest message.
 */
test('why a message cannot go, and the hidden older history, in words', async ({ page }) => {
  const me = 900_011;
  const other = card(900_012, 'Noor');
  let detail = { cannot_send: 'recipient_not_confirmed' as string | null, awaiting_my_confirmation: false };
  await page.route('**/api/user.php', (route) =>
    route.fulfill({ json: { user: { ...USER, paid_user: false, profile: card(me, 'Sanne') } } }),
  );
  await page.route('**/api/chats.php', (route) => route.fulfill({ json: { chats: [] } }));
  await page.route('**/api/likes.php', (route) => route.fulfill({ json: { profiles: [], liked_by: [] } }));
  await page.route('**/api/chat.php?*', (route) =>
    route.fulfill({
      json: {
        chat: {
          conversation: { id: 78 },
          profile: other,
          num_unread_messages: 0,
          other_last_read_message_id: null,
          ...detail,
        },
      },
    }),
  );
  await page.route('**/api/messages.php*', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          json: { error: 'slow_down', message: 'Slow down', retry_after: 20 },
        })
      : route.fulfill({
          json: {
            messages: [1, 2].map((id) => ({
              id,
              conversation_id: 78,
              client_id: `00000000-0000-4000-8000-00000000000${id}`,
              sender_id: id === 1 ? other.id : me,
              kind: 'text',
              body: `Bericht ${id}`,
              photo: null,
              gift: null,
              created_at: new Date().toISOString(),
            })),
            has_more: false,
            history_limited: true,
          },
        }),
  );

  await page.goto(siteUrl(`/members/${other.id}/chat`));
  await expect(
    page.getByRole('note').filter({ hasText: nl('chat.recipientNotConfirmed', { name: 'Noor' }) }),
  ).toBeVisible();
  await expect(composerOf(page, 'Noor')).toHaveCount(0);
  const limited = page.getByRole('note').filter({ hasText: nl('chat.historyLimited.text') });
  await expect(limited.getByRole('link', { name: nl('chat.historyLimited.cta') })).toHaveAttribute(
    'href',
    '/premium',
  );
  await expectAccessible(page);

  detail = { cannot_send: null, awaiting_my_confirmation: true };
  await page.reload();
  await expect(
    page.getByRole('note').filter({ hasText: nl('chat.awaitingMe', { name: 'Noor' }) }),
  ).toBeVisible();
  await composerOf(page, 'Noor').fill('Nog een');
  await composerOf(page, 'Noor').press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: nl('chat.slowDown') })).toBeVisible();
  await expect(
    page.locator('.chat-msg.is-failed').getByRole('button', { name: nl('chat.retrySend') }),
  ).toBeVisible();
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'chat-notices', { viewportOnly: true });
});

function card(id: number, name: string) {
  return {
    id,
    name,
    age: 34,
    gender: 'female',
    country: 'NL',
    region: 'Utrecht',
    status: 'active',
    premium: false,
    online: false,
    fictional: false,
    main_image: null,
  };
}

const USER = {
  status: 'active',
  credits: 40,
  paid_user: true,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'nl',
  notifications_disabled: [],
  email_confirmed: true,
};
