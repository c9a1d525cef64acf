import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI);
/** The operator console's browser tests: `admin-*.spec.ts` and `moderation*.spec.ts`. */
const CONSOLE_SPECS = /(^|[\\/])(admin-[^\\/]*|moderation[^\\/]*)\.spec\.ts$/;

// Every test run gets its own empty data folder, so demo members and dismissals start afresh. The
// config is evaluated again in each worker: the folder name is fixed once, in the runner, through the
// environment the workers inherit. e2e/global-setup.ts removes the folders of earlier runs.
process.env.E2E_DATA_DIR ??= `.tmp/e2e-data-${process.pid}-${Date.now()}`;
// The secret of the mail provider's reports (e2e/notification-mail.spec.ts posts a bounce).
process.env.E2E_MAIL_EVENTS_SECRET ??= `e2e-mail-events-${process.pid}-${Date.now()}`;

/**
 * Browser tests on Debian's Chromium (never a downloaded browser): the built server on a free port
 * (PORT=0; the port is read from its start line into E2E_PORT), three sites told apart by host name
 * (*.localhost resolves to 127.0.0.1 in Chromium). E2E_BASE_URL points the suite at a server that
 * is already running instead.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The operator console's specs start logged in: `setup` logs the demo admin in once (a TOTP code
  // works only once) and only the `console` project waits for it (e2e/admin-fixtures.ts).
  projects: [
    { name: 'member', testIgnore: CONSOLE_SPECS },
    { name: 'setup', testMatch: /admin\.setup\.ts$/ },
    { name: 'console', testMatch: CONSOLE_SPECS, dependencies: ['setup'] },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/start.mjs',
        env: {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          // Spread over three sites: more than one search page (24) per site, so paging is tried.
          SEED_MEMBERS: '120',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          // Every browser test signs its members up from 127.0.0.1; the per-address limit itself is
          // tested in server/routes/signup.api.test.ts.
          SIGNUPS_PER_ADDRESS_PER_HOUR: '1000',
          // The push journeys' push service runs on loopback (e2e/push.spec.ts): Chromium here
          // cannot reach a real one.
          PUSH_ENDPOINT_HOSTS: '127.0.0.1',
          // Notification mails after 2 s instead of 5 min, so a journey can wait for one.
          NOTIFICATION_BATCH_SECONDS: '2',
          MAIL_EVENTS_SECRET: process.env.E2E_MAIL_EVENTS_SECRET,
        },
        wait: { stdout: /Site running at http:\/\/localhost:(?<e2e_port>\d+)/ },
        reuseExistingServer: false,
        gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
