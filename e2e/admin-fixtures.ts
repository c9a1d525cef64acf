import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { t } from './catalog';
import { test as base, SITES, siteUrl, visibleTexts } from './fixtures';

/**
 * The operator console in browser tests.
 *
 * `test` from here gives a `page` that is logged in to the console as the demo admin: the `setup`
 * project (e2e/admin.setup.ts) logs in once through the login screen and saves the browser state;
 * every console test starts from it. Specs named `admin-*.spec.ts` or `moderation*.spec.ts` run in
 * the `console` project, which depends on `setup` (playwright.config.ts). When that state is
 * missing (a console spec run some other way) or its session has ended (30 min idle), the first
 * test to notice logs in again (same state file, under a lock).
 *
 * A TOTP code is accepted only once, and only a code of a later time step than the last accepted
 * one (server/services/admin/staff/accounts.ts). A spec that needs a fresh login of its own (a logout, a
 * session end) calls `loginToConsole(page)` on a page without the saved state (e.g.
 * `test.use({ storageState: { cookies: [], origins: [] } })`). Its code comes from
 * `freshStaffCode()`, which remembers the last step used in this run (a file under the run's data
 * folder, shared by all workers) and takes the next one: the server accepts one step ahead, so this
 * is immediate most of the time and otherwise waits for the next 30-second step (mark such a
 * spec `test.slow()`).
 */

/** The demo admin of the run's demo data, as the server wrote it on first start. */
export type DemoStaff = { email: string; password: string; totpSecret: string };

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the suite through `npx playwright test`');
  return path.resolve(dir);
};

/** Where the setup project saves the logged-in console state. */
export const staffStateFile = () => path.join(dataDir(), 'e2e-staff-state.json');

export function demoStaff(): DemoStaff {
  return JSON.parse(fs.readFileSync(path.join(dataDir(), 'demo-staff.json'), 'utf8')) as DemoStaff;
}

/** The console's host in tests (the console works on every site's host; the cookie is per host). */
export const CONSOLE_HOST = SITES.amora;

/** The address of a console page: consoleUrl('moderation') → http://amora.localhost:<port>/admin/moderation. */
export function consoleUrl(pathInConsole = ''): string {
  const rest = pathInConsole.replace(/^\/+/, '');
  return siteUrl(rest ? `/admin/${rest}` : '/admin', CONSOLE_HOST);
}

/**
 * Fails when a catalog key shows instead of text on a console page (a domain name such as
 * velvetnights.localhost looks like a key, so only the catalogs' own top-level names count).
 */
export async function expectNoRawConsoleKeys(page: Page) {
  const read = (file: string) => Object.keys(JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')));
  const tops = new Set([...read('common/locales/admin/en.json'), ...read('common/locales/en.json')]);
  const texts = await visibleTexts(page);
  expect(
    texts.filter((text) => /^[a-z]+(\.[a-zA-Z0-9_]+)+$/.test(text) && tops.has(text.split('.')[0] as string)),
    'catalog keys shown as text',
  ).toEqual([]);
  expect(
    texts.filter((t) => t.includes('{{')),
    'placeholders shown as text',
  ).toEqual([]);
}

/** A console text of the `admin` catalog in English (the language console tests run in). */
export const adminText = (key: string, vars: Record<string, string | number> = {}) =>
  t('en', `admin:${key}`, vars);

const PERIOD = 30;
const totp = (staff: DemoStaff) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(staff.totpSecret) });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` while holding a lock directory under the data folder (workers are processes). */
async function withFileLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), `${name}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock left by a crashed worker is taken over after a minute.
      if (Date.now() - started > 60_000) break;
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A code of a time step no login of this run has used: the current step, or the next one when the
 * current one is taken (the server accepts one step ahead); waits when even that one is taken.
 */
export async function freshStaffCode(staff: DemoStaff = demoStaff()): Promise<string> {
  return withFileLock('e2e-staff-totp', async () => {
    const stepFile = path.join(dataDir(), 'e2e-staff-totp-step');
    const last = fs.existsSync(stepFile) ? Number(fs.readFileSync(stepFile, 'utf8')) : 0;
    const current = () => Math.floor(Date.now() / 1000 / PERIOD);
    const step = Math.max(current(), last + 1);
    while (step > current() + 1) await sleep(500);
    fs.writeFileSync(stepFile, String(step));
    return totp(staff).generate({ timestamp: step * PERIOD * 1000 });
  });
}

/** Fills the console's login screen (already open on `page`) and sends it. */
export async function fillConsoleLogin(page: Page, login: { email: string; password: string; code: string }) {
  const form = page.locator('form.admin-login-form');
  await form.locator('input[name="email"]').fill(login.email);
  await form.locator('input[name="password"]').fill(login.password);
  await form.locator('input[name="code"]').fill(login.code);
  await form.locator('button[type="submit"]').click();
}

/** Logs in to the console through its login screen with a fresh code; ends on the console's first section. */
export async function loginToConsole(page: Page, pathInConsole = '') {
  const staff = demoStaff();
  await page.goto(consoleUrl(pathInConsole));
  await expect(page.locator('form.admin-login-form')).toBeVisible();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/login.php');
  await fillConsoleLogin(page, {
    email: staff.email,
    password: staff.password,
    code: await freshStaffCode(staff),
  });
  expect((await answered).status(), 'console login').toBe(200);
  await expect(page.locator('.admin-shell')).toBeVisible();
}

/** Logs in in a fresh context of `browser` and saves its state to the state file. */
export async function saveConsoleLogin(browser: Browser, file = staffStateFile()) {
  const context = await browser.newContext({ baseURL: consoleUrl() });
  await context.addCookies([{ name: 'i18n_locale', value: 'en', domain: CONSOLE_HOST, path: '/' }]);
  const page = await context.newPage();
  await loginToConsole(page);
  await context.storageState({ path: file });
  await context.close();
}

/** Whether the saved console session is still live (asking moves its idle end on, like any call). */
function stillLoggedIn(file: string): Promise<boolean> {
  const state = JSON.parse(fs.readFileSync(file, 'utf8')) as { cookies: { name: string; value: string }[] };
  const cookie = state.cookies.find((c) => c.name === 'staff_session');
  if (!cookie) return Promise.resolve(false);
  const url = new URL('/api/admin/me.php', consoleUrl());
  return new Promise((resolve) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: url.port || 80,
        path: url.pathname,
        headers: {
          Host: url.host,
          Cookie: `staff_session=${cookie.value}`,
          'X-Requested-With': 'XMLHttpRequest',
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => {
          try {
            resolve(res.statusCode === 200 && Boolean(JSON.parse(body).staff));
          } catch {
            resolve(false);
          }
        });
      },
    );
    request.on('error', () => resolve(false));
  });
}

export const test = base.extend({
  // The console runs in English in tests, so texts can be asserted with adminText.
  languageCookie: 'en',
  // The setup project's login; logged in again when it is missing or has ended meanwhile (a long
  // run can leave it idle past STAFF_SESSION_IDLE_MINUTES before the console specs get their turn).
  storageState: async ({ browser }, use) => {
    const file = staffStateFile();
    await withFileLock('e2e-staff-state', async () => {
      if (!fs.existsSync(file) || !(await stillLoggedIn(file))) await saveConsoleLogin(browser, file);
    });
    await use(file);
  },
});

export { expect };
