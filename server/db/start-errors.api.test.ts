import os from 'node:os';
import { describe, expect, test } from 'vitest';
import { openAndPrepare } from '../boot';
import { testConfig } from '../test/db';

const adminUrl = process.env.TEST_DATABASE_URL;

async function startError(url: string): Promise<string> {
  try {
    const { database } = await openAndPrepare(testConfig(os.tmpdir(), { DATABASE_URL: url }));
    await database.close();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the start did not fail');
}

/** A start that cannot use its database says why, not which query happened to fail first. */
describe('start errors name the cause', () => {
  test('nothing listening at the address', async () => {
    const message = await startError('postgres://app:secret@127.0.0.1:1/app');
    expect(message).toMatch(/^Database: nothing answers at 127\.0\.0\.1:1/);
    expect(message).not.toContain('secret');
    expect(message).not.toMatch(/Failed query/);
  });

  test('an unknown host', async () => {
    expect(await startError('postgres://app:secret@no-such-host.invalid:5432/app')).toMatch(
      /^Database: the host of no-such-host\.invalid:5432 is not known/,
    );
  });

  describe.skipIf(!adminUrl)('on a running PostgreSQL', () => {
    const withUrl = (change: (u: URL) => void) => {
      const u = new URL(adminUrl as string);
      change(u);
      return u.toString();
    };

    test('a wrong password', async () => {
      const message = await startError(
        withUrl((u) => {
          u.password = 'certainly-not-the-password';
        }),
      );
      expect(message).toMatch(/^Database: authentication failed for user "[^"]+"/);
      expect(message).not.toContain('certainly-not-the-password');
    });

    test('a database that does not exist', async () => {
      expect(
        await startError(
          withUrl((u) => {
            u.pathname = '/no_such_database_here';
          }),
        ),
      ).toMatch(/^Database: database "no_such_database_here" does not exist/);
    });
  });
});
