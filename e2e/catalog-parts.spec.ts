import fs from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { LOCALE_NAMES } from '../common/rules/locale';
import { t } from './catalog';
import { expect, expectAccessible, expectNoRawKeys, siteUrl, test } from './fixtures';

/**
 * The catalog reaches the browser in two parts: the shell's, which the first render waits for,
 * and the screens', which a screen waits for beside its chunk. Neither holds the texts only the
 * server sends. Held back on purpose here, the screens' part must never let a raw key show, not
 * even for one frame, and a language change must wait for both parts of the new language.
 */

const read = (file: string) => Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')));
const SERVER_GROUPS = read('common/locales/server/en.json');
const GROUPS = [...read('common/locales/en.json'), ...SERVER_GROUPS];

/** Records every catalog key the page ever shows (text, accessible names, title), from its start. */
async function recordRawKeys(page: Page) {
  await page.addInitScript((groups: string[]) => {
    const raw = new RegExp(`^(${groups.join('|')})(\\.[\\w]+)+$`);
    const seen: string[] = [];
    (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen = seen;
    const check = (text: string | null | undefined) => {
      const value = text?.trim();
      if (value && raw.test(value)) seen.push(value);
    };
    const checkNode = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) return check(node.textContent);
      if (!(node instanceof Element)) return;
      for (const el of [node, ...node.querySelectorAll('*')]) {
        for (const attr of ['aria-label', 'alt', 'title', 'placeholder']) check(el.getAttribute(attr));
        for (const child of el.childNodes) if (child.nodeType === Node.TEXT_NODE) check(child.textContent);
      }
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') check(r.target.textContent);
        else if (r.type === 'attributes') check((r.target as Element).getAttribute(r.attributeName ?? ''));
        else for (const node of r.addedNodes) checkNode(node);
      }
      check(document.title);
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'alt', 'title', 'placeholder'],
    });
  }, GROUPS);
}

const rawKeysSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen);

/** Holds back the screens' part of a language's catalog until released. */
async function holdScreensPart(page: Page, lng: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(new RegExp(`/assets/${lng}-screens-[\\w-]+\\.json$`), async (route: Route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

// The service worker would fetch the catalogs itself, out of the page's routes that hold them back.
test.use({ serviceWorkers: 'block' });

test('a screen opened directly and a language change never show a raw key', async ({ page }) => {
  const catalogs = new Map<string, string[]>();
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (/^\/assets\/[\w-]+\.json$/.test(url.pathname) && response.ok())
      catalogs.set(url.pathname, Object.keys(await response.json()));
  });
  await recordRawKeys(page);

  // The first render waits for the shell's part only: it asks for the screen's chunk while the
  // screens' part is still held back, and the screen waits for both.
  const chunks: string[] = [];
  page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
  const nl = await holdScreensPart(page, 'nl');
  await page.goto(siteUrl('/login'), { waitUntil: 'commit' });
  await expect.poll(nl.asked).toBe(true);
  await expect.poll(() => chunks.some((path) => /^\/assets\/LoginScreen-[\w-]+\.js$/.test(path))).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  nl.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'login.title'));
  const languageButton = page
    .getByRole('banner')
    .getByRole('button', { name: t('nl', 'shell.language', { language: LOCALE_NAMES.nl }) });
  await expect(languageButton).toBeVisible();
  await expect(page).toHaveTitle(`${t('nl', 'login.title')} – Amora`);
  await expectNoRawKeys(page);
  await expectAccessible(page);

  // A language change loads both parts of the new language before the page switches to it.
  const de = await holdScreensPart(page, 'de');
  await languageButton.click();
  await page.getByRole('menu').getByRole('menuitem', { name: LOCALE_NAMES.de }).click();
  await expect.poll(de.asked).toBe(true);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('nl', 'login.title'));
  de.release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('de', 'login.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle(`${t('de', 'login.title')} – Amora`);
  await expectNoRawKeys(page);

  expect(await rawKeysSeen(page)).toEqual([]);
  // Both languages came in two parts, the shell's with the top bar, the screens' with the login;
  // no part held a text only the server sends.
  const parts = [...catalogs.entries()];
  for (const lng of ['nl', 'de']) {
    const shell = parts.find(([path]) => path.startsWith(`/assets/${lng}-translation-`))?.[1] ?? [];
    const screens = parts.find(([path]) => path.startsWith(`/assets/${lng}-screens-`))?.[1] ?? [];
    expect(shell, `${lng} shell part`).toContain('shell');
    expect(shell, `${lng} shell part`).not.toContain('login');
    expect(screens, `${lng} screens part`).toContain('login');
  }
  for (const [path, groups] of parts)
    expect(
      groups.filter((g) => SERVER_GROUPS.includes(g)),
      path,
    ).toEqual([]);
});
