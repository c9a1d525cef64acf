import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { type PortraitSpec, portraitSvg } from '../server/seed/portrait';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, pageApi, SITES, shoot, siteUrl, test } from './fixtures';
import { activeMember } from './members';

/**
 * The match moment on both sides, in two browsers at phone width: the member whose like makes the
 * match sees it at once, the other live over the socket or on the next visit, exactly once. "Send
 * a message" opens the chat with an opener in the composer, not sent.
 */

test.describe.configure({ timeout: 120_000 });

const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const ICEBREAKERS = ['one', 'two', 'three', 'four', 'five', 'six'];

/** Resolves once the page's socket has said `ready`: from then on events reach it live. */
async function socketReady(page: Page) {
  const socket = await page.waitForEvent('websocket', (ws) => ws.url().endsWith('/api/ws'));
  await socket.waitForEvent('framereceived', {
    predicate: (frame) => String(frame.payload).includes('"ready"'),
  });
}

/** Opens a page the way a member arrives, and waits until it asked for an unseen match moment. */
async function visit(page: Page, path: string) {
  const asked = page.waitForResponse(
    (r) => r.url().endsWith('/api/match-moment.php') && r.request().method() === 'GET',
  );
  await page.goto(siteUrl(path));
  await asked;
}

/** Accessible names hold the visible text of their control (speech users say what they see). */
async function expectNamesHoldVisibleText(page: Page, selector: string) {
  await expect(page.locator(selector).first()).toBeVisible();
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withRules(['label-content-name-mismatch'])
    .analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  // axe leaves some controls out (it finds the conversation header's link inapplicable): each is
  // also held to it here, the words it shows against its accessible name.
  for (const control of await page.locator(selector).all()) {
    const shown = control.locator('.chat-header-name');
    const text = (await shown.count()) ? await shown.textContent() : await control.textContent();
    const words = (text ?? '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    expect(words).not.toBe('');
    // Letters and digits only: nothing to escape; whatever separates the words may differ.
    await expect(control).toHaveAccessibleName(new RegExp(words.split(' ').join('[^\\p{L}\\p{N}]+'), 'iu'));
  }
}

async function phone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  // The moment's entrance is animated; axe judges the colours once they are final.
  await page.emulateMedia({ reducedMotion: 'reduce' });
}

/** A drawn portrait as the member's main photo, so the moment shows real pictures on both sides. */
async function givePhoto(page: Page, spec: Partial<PortraitSpec>) {
  const svg = portraitSvg({
    gender: 'female',
    hairTone: '#3b2416',
    naturalTone: '#3b2416',
    hairStyle: 'long',
    skin: '#e8b896',
    iris: '#5a3d2b',
    background: ['#f6c7d4', '#b5838d'],
    bokeh: [
      [120, 140, 70],
      [520, 220, 90],
    ],
    top: { style: 'crew', colour: '#c2185b' },
    beard: 'none',
    glasses: 'none',
    earrings: true,
    lips: '#b4485a',
    older: false,
    smile: 'open',
    ...spec,
  });
  const jpeg = (await sharp(Buffer.from(svg)).jpeg().toBuffer()).toString('base64');
  // Uploaded from the page, as the photo manager does (its cookies, its host).
  const status = await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'me.jpg');
    const res = await fetch('/api/photos.php', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form,
    });
    return `${res.status} ${await res.text()}`;
  }, jpeg);
  expect(status).toMatch(/^20\d /);
}

test('B likes A back: B sees the moment at once, A live; Send a message opens the chat with an opener', async ({
  browser,
}) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Anouk${suffix}`, 'female');
  const b = await activeMember(browser, `Bram${suffix}`, 'male');
  await phone(a.page);
  await phone(b.page);

  // A is on the search and stays there: what B does reaches this page without a reload.
  const ready = socketReady(a.page);
  await a.page.goto(siteUrl('/members'));
  await ready;
  await a.page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const liked = await pageApi<{ match_moment?: unknown }>(a.page, 'POST', '/api/likes.php', {
    member_id: b.id,
  });
  expect(liked.status).toBe(200);
  expect(liked.json.match_moment).toBeUndefined();
  await expect(a.page.getByRole('dialog')).toHaveCount(0);

  // B likes A back on the likes screen: the "Like terug" button is named by what it shows.
  await b.page.goto(siteUrl('/likes'));
  const cardOfA = b.page.locator('.likes-item', { hasText: a.name });
  const likeBack = cardOfA.getByRole('button', { name: nl('likes.likeBackOf', { name: a.name }) });
  await expect(likeBack).toContainText(nl('likes.likeBack'));
  await expectNamesHoldVisibleText(b.page, '.likes-like-back');
  await likeBack.click();

  const momentOfB = b.page.getByRole('dialog', { name: nl('matchMoment.title') });
  await expect(momentOfB).toBeVisible();
  await expect(momentOfB).toContainText(nl('matchMoment.text', { name: a.name }));
  await expect(momentOfB.getByRole('img', { name: nl('profile.photoOf', { name: a.name }) })).toBeVisible();
  await expect(momentOfB.getByRole('img', { name: nl('matchMoment.yourPhoto') })).toBeVisible();
  const message = momentOfB.getByRole('button', { name: nl('matchMoment.message') });
  await expect(message).toBeFocused();
  await expectAccessible(b.page);
  await expectNoRawKeys(b.page);
  await shoot(b.page, 'match-moment-nl-initials', { viewportOnly: true });
  await phone(b.page);

  // A, on the open search page: the moment arrives live, once, without a reload.
  const momentOfA = a.page.getByRole('dialog', { name: nl('matchMoment.title') });
  await expect(momentOfA).toBeVisible({ timeout: 5_000 });
  await expect(momentOfA).toContainText(nl('matchMoment.text', { name: b.name }));
  expect(await a.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  // The focus stays in the moment: Tab goes round its buttons (and the browser's own controls, which
  // a modal dialog leaves reachable), never to the page behind it; Escape closes it.
  const reached = new Set<string>();
  for (let i = 0; i < 6; i++) {
    await a.page.keyboard.press('Tab');
    const where = await a.page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'browser';
      return el.closest('dialog[open]') ? (el.textContent ?? '') : 'page';
    });
    expect(where).not.toBe('page');
    reached.add(where);
  }
  expect(reached).toContain(nl('matchMoment.message'));
  expect(reached).toContain(nl('matchMoment.keepBrowsing'));
  await a.page.keyboard.press('Escape');
  await expect(momentOfA).toBeHidden();
  // Seen is seen, on any device: the next visit shows no moment again.
  await visit(a.page, '/likes/matches');
  await expect(a.page.locator('.likes-item', { hasText: b.name })).toBeVisible();
  await expect(a.page.getByRole('dialog')).toHaveCount(0);

  // B writes: the chat with A, an opener suggested in the composer, nothing sent yet.
  await message.click();
  await expect(b.page).toHaveURL(new RegExp(`/members/${a.id}/chat$`));
  await expect(b.page.getByRole('dialog')).toHaveCount(0);
  const composer = b.page.getByRole('textbox', { name: nl('chat.composer.label', { name: a.name }) });
  await expect(composer).toBeFocused();
  const openers = ICEBREAKERS.map((key) => nl(`icebreakers.${key}`, { name: a.name }));
  expect(openers).toContain(await composer.inputValue());
  await expect(b.page.locator('.chat-msg')).toHaveCount(0);
  // The conversation header's member link is named by what it shows.
  await expectNamesHoldVisibleText(b.page, '.chat-header-member');
  await expectAccessible(b.page);

  // Back on a page: B's moment does not come again.
  await visit(b.page, '/members');
  await expect(b.page.getByRole('dialog')).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});

test('A, away when B likes back, sees the moment on the next visit, exactly once', async ({ browser }) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Amber${suffix}`, 'female');
  const b = await activeMember(browser, `Bas${suffix}`, 'male');
  await givePhoto(a.page, {});
  await givePhoto(b.page, {
    gender: 'male',
    hairStyle: 'quiff',
    hairTone: '#6b4a2b',
    naturalTone: '#6b4a2b',
    skin: '#c98e6b',
    beard: 'stubble',
    earrings: false,
    lips: null,
    background: ['#c7d8f6', '#6d83b5'],
    top: { style: 'collar', colour: '#283593' },
  });
  // A reads English; A likes B and leaves.
  await a.context.addCookies([{ name: 'i18n_locale', value: 'en', domain: SITES.amora, path: '/' }]);
  expect((await pageApi(a.page, 'POST', '/api/likes.php', { member_id: b.id })).status).toBe(200);
  await a.page.close();

  const back = await pageApi<{ match_moment?: { id: number } }>(b.page, 'POST', '/api/likes.php', {
    member_id: a.id,
  });
  expect(back.json.match_moment).toMatchObject({ id: a.id });

  // A comes back: the moment is there, in A's language, with both photos.
  const page = await a.context.newPage();
  await phone(page);
  await page.goto(siteUrl('/members'));
  const moment = page.getByRole('dialog', { name: en('matchMoment.title') });
  await expect(moment).toBeVisible();
  await expect(moment).toContainText(en('matchMoment.text', { name: b.name }));
  const photo = moment.getByRole('img', { name: en('profile.photoOf', { name: b.name }) });
  await expect(photo).toHaveJSProperty('complete', true);
  await expectAccessible(page);
  await expectNoRawKeys(page);
  await shoot(page, 'match-moment-en', { viewportOnly: true });
  await moment.getByRole('button', { name: en('matchMoment.keepBrowsing') }).click();
  await expect(moment).toBeHidden();

  // Exactly once: neither a reload nor a second tab shows it again.
  await visit(page, '/members');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const second = await a.context.newPage();
  await visit(second, '/likes');
  await expect(second.getByRole('dialog')).toHaveCount(0);

  // The Dutch moment with both photos, as B's moment from a fresh match looks.
  const c = await activeMember(browser, `Cas${suffix}`, 'male');
  await phone(c.page);
  await givePhoto(c.page, {
    gender: 'male',
    hairStyle: 'sidepart',
    hairTone: '#2b1d14',
    naturalTone: '#2b1d14',
    skin: '#f0c8a8',
    beard: 'full',
    earrings: false,
    lips: null,
    background: ['#d4ecd9', '#6a9f80'],
    top: { style: 'hoodie', colour: '#37474f' },
  });
  expect((await pageApi(second, 'POST', '/api/likes.php', { member_id: c.id })).status).toBe(200);
  await a.context.close();
  await c.page.goto(siteUrl('/likes'));
  await c.page.locator('.likes-item', { hasText: a.name }).getByRole('button').click();
  const dutch = c.page.getByRole('dialog', { name: nl('matchMoment.title') });
  await expect(dutch).toBeVisible();
  await expect(dutch.getByRole('img', { name: nl('profile.photoOf', { name: a.name }) })).toHaveJSProperty(
    'complete',
    true,
  );
  await shoot(c.page, 'match-moment-nl', { viewportOnly: true });

  await b.context.close();
  await c.context.close();
});

test('the conversation header names the member by what it shows', async ({ browser }) => {
  const suffix = Math.floor(Math.random() * 1e4);
  const a = await activeMember(browser, `Aukje${suffix}`, 'female');
  const b = await activeMember(browser, `Bart${suffix}`, 'male');
  await phone(a.page);
  await a.page.goto(siteUrl(`/members/${b.id}/chat`));
  const header = a.page.locator('.chat-header-member');
  await expect(header).toContainText(b.name);
  await expectNamesHoldVisibleText(a.page, '.chat-header-member');
  await a.context.close();
  await b.context.close();
});
