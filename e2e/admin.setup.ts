import { test as setup } from '@playwright/test';
import { saveConsoleLogin, staffStateFile } from './admin-fixtures';

/**
 * Logs in to the operator console once per run, through its login screen, as the demo admin (TOTP
 * codes cannot be used twice), and saves the state the console specs start from
 * (e2e/admin-fixtures.ts).
 */
setup('log in to the console as the demo admin', async ({ browser }) => {
  await saveConsoleLogin(browser, staffStateFile());
});
