import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { parseMail } from '../server/infra/mail/testing/inbox';
import { t } from './catalog';
import {
  expect,
  expectAccessible,
  expectNoRawKeys,
  SITES,
  type SiteHost,
  shoot,
  siteUrl,
  test,
} from './fixtures';

/**
 * The match finder and the swipe game, as a member plays them: suggestions with their reasons and
 * a like; then the swipe game by keyboard and by mouse drag until the day's likes are used, and the
 * note that says when new ones come. Each journey uses the demo login of its own site, so the
 * likes of one never change the cards of the other. Screens land in test-results/screens/.
 */

const DEMO = { email: 'demo@demo.invalid', password: 'demo-password-1' };

async function logIn(page: Page, host: SiteHost) {
  await page.goto(siteUrl('/pages/faq', host));
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/user.php', {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.status;
  }, DEMO);
  expect(status).toBe(200);
}

test('match finder: suggestions that say why, a like, and the profile behind each card', async ({ page }) => {
  const nl = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
  await logIn(page, SITES.amora);
  // The member's home, the search, leads to the match finder.
  await page.goto(siteUrl('/members'));
  await page
    .getByRole('navigation', { name: nl('members.discover') })
    .getByRole('link', { name: nl('matchFinder.title') })
    .click();
  await expect(page).toHaveURL(/\/match-finder$/);
  await expect(page.getByRole('heading', { level: 1, name: nl('matchFinder.title') })).toBeVisible();
  const list = page.getByRole('list', { name: nl('matchFinder.listLabel') });
  const cards = list.getByRole('article');
  await expect(cards.first()).toBeVisible();
  // The reasons are worded in Dutch from the data (interests with a plural, the region by name).
  const reasons = list.locator('.match-reasons li');
  await expect(reasons.first()).toHaveText(/gemeen|^Ook in |Zoekt jouw leeftijd/);
  await expectNoRawKeys(page);
  await expectAccessible(page);
  await shoot(page, 'match-finder');

  const first = cards.first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.getByRole('button', { name: nl('matchFinder.likeName', { name }) }).click();
  await expect(first.getByRole('button', { name: nl('matchFinder.liked') })).toBeDisabled();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
});

type Person = { gender: 'male' | 'female'; seeking: 'male' | 'female'; name: string };

/** A new member of the Dutch site, logged in in this page; answers the e-mail address. */
async function signUp(page: Page, who: Person) {
  await page.goto(siteUrl('/pages/faq'));
  const email = `g${Date.now() % 1e8}${Math.floor(Math.random() * 1e4)}@ex.test`;
  const status = await page.evaluate(
    async ({ email, who }) => {
      const res = await fetch('/api/signup.php', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          email,
          name: `${who.name}${Math.floor(Math.random() * 1e6)}`,
          password: 'Zonnebloem-aan-zee-42',
          date_of_birth: '1988-04-12',
          gender: who.gender,
          seeking_gender: who.seeking,
        }),
      });
      return res.status;
    },
    { email, who },
  );
  expect(status).toBe(201);
  return email;
}

/** The activation link mailed to `to` (the server writes mail to its outbox folder). */
async function activationLink(to: string): Promise<string> {
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? '', 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
      for (const f of files) {
        const mail = parseMail(fs.readFileSync(path.join(dir, f), 'utf8'));
        if (mail.to.toLowerCase() !== to.toLowerCase()) continue;
        const url = mail.text
          .match(/https?:\/\/\S+/g)
          ?.find((u) => new URL(u).pathname === '/api/activation.php');
        if (url) link = `${new URL(url).pathname}${new URL(url).search}`;
      }
      return Boolean(link);
    })
    .toBe(true);
  return link as string;
}

/** Activated men who look for a woman: the demo data of a test server holds only a few per country. */
async function activatedMen(browser: Browser, count: number) {
  for (let i = 0; i < count; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = await signUp(page, { gender: 'male', seeking: 'female', name: 'Sven' });
    await page.goto(siteUrl(await activationLink(email)));
    await expect(page).toHaveURL(/\/activate\/done$/);
    await context.close();
  }
}

test('swipe game: by keyboard and by mouse until the day’s likes are used, then when new ones come', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await activatedMen(browser, 6);
  const en = (key: string, vars?: Record<string, string | number>) => t('nl', key, vars);
  await signUp(page, { gender: 'female', seeking: 'male', name: 'Roos' });
  await page.goto(siteUrl('/members'));
  await page
    .getByRole('navigation', { name: en('members.discover') })
    .getByRole('link', { name: en('swipeGame.title') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: en('swipeGame.title') })).toBeVisible();
  const likesLeft = page.getByTestId('likes-left');
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 4 }));
  await expectNoRawKeys(page);
  await expectAccessible(page);
  await shoot(page, 'swipe-game');

  const card = page.locator('.swipe-focus');
  const nameOf = async () => ((await card.getAttribute('aria-label')) ?? '').split(',')[0] ?? '';

  // Keyboard: focus the card (visible focus), Left passes, Right likes.
  await card.focus();
  await expect(card).toBeFocused();
  const passed = await nameOf();
  await page.keyboard.press('ArrowLeft');
  await expect(card).not.toHaveAttribute('aria-label', new RegExp(`^${passed},`));
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 4 }));
  await card.focus();
  await page.keyboard.press('ArrowRight');
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 3 }));

  // Mouse: a short drag springs back, a long one to the right likes.
  const drag = async (dx: number) => {
    const box = await page.getByTestId('swipe-card').boundingBox();
    if (!box) throw new Error('no card');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx / 2, y, { steps: 5 });
    await page.mouse.move(x + dx, y, { steps: 5 });
    await page.mouse.up();
  };
  const before = await nameOf();
  await drag(40);
  await expect(card).toHaveAttribute('aria-label', new RegExp(`^${before},`));
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 3 }));
  await drag(260);
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 2 }));
  // The buttons are real buttons with names.
  await page.getByRole('button', { name: en('swipeGame.likeName', { name: await nameOf() }) }).click();
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_one', { count: 1 }));
  await drag(260);
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 0 }));

  // Used up: the note says when new likes come and what premium offers; passing still works.
  const limit = page.getByRole('region', { name: en('swipeGame.limit.title') });
  await expect(limit).toBeVisible();
  await expect(limit).toContainText(/Nieuwe likes om \d\d:\d\d, over \d+ (uur|minuten?)\./);
  await expect(limit).toContainText(en('swipeGame.limit.premium'));
  await expect(page.getByRole('button', { name: /liken$/ })).toBeDisabled();
  await expectAccessible(page);
  await shoot(page, 'swipe-game-limit');

  // The server counted: a reload shows the same.
  await page.reload();
  await expect(likesLeft).toHaveText(en('swipeGame.likesLeft_other', { count: 0 }));
});
