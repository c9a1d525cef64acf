import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { FILE_SECRETS, loadConfig, perMachineState } from './config';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-secrets-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A secret file as a container platform mounts it: the value and a trailing newline. */
function secretFile(name: string, content: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}

const production = { DATABASE_URL: 'postgres://db/app', PAYMENTS: 'demo' } as const;
const vapid = {
  VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'b'.repeat(43),
};

describe('secrets from files (X_FILE)', () => {
  test('each secret can come from a file, its content trimmed', () => {
    const config = loadConfig({
      DATABASE_URL_FILE: secretFile('db', 'postgres://app:s3cret@db/app\n'),
      REDIS_URL_FILE: secretFile('redis', 'redis://:pw@redis:6379\n'),
      SMTP_URL_FILE: secretFile('smtp', '  smtps://u:p@mail:465  \n'),
      MOLLIE_API_KEY_FILE: secretFile('mollie', 'live_abcdefghijkl\n'),
      MAIL_EVENTS_SECRET_FILE: secretFile('mail-events', 'm'.repeat(20)),
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID_FILE: secretFile('s3-id', 'AKIA1\n'),
      S3_SECRET_ACCESS_KEY_FILE: secretFile('s3-secret', 'shh\n'),
      VAPID_PUBLIC_KEY_FILE: secretFile('vapid-public', `${vapid.VAPID_PUBLIC_KEY}\n`),
      VAPID_PRIVATE_KEY_FILE: secretFile('vapid-private', `${vapid.VAPID_PRIVATE_KEY}\n`),
    });
    expect(config.databaseUrl).toBe('postgres://app:s3cret@db/app');
    expect(config.redisUrl).toBe('redis://:pw@redis:6379');
    expect(config.smtpUrl).toBe('smtps://u:p@mail:465');
    expect(config.mollie?.apiKey).toBe('live_abcdefghijkl');
    expect(config.payments).toBe('mollie');
    expect(config.mailEventsSecret).toBe('m'.repeat(20));
    expect(config.s3).toMatchObject({ accessKeyId: 'AKIA1', secretAccessKey: 'shh' });
    expect(config.push.vapidKeys).toEqual({
      publicKey: vapid.VAPID_PUBLIC_KEY,
      privateKey: vapid.VAPID_PRIVATE_KEY,
    });
  });

  test('the names the README lists', () => {
    expect([...FILE_SECRETS]).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'REDIS_URL',
        'SMTP_URL',
        'MOLLIE_API_KEY',
        'MAIL_EVENTS_SECRET',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'VAPID_PRIVATE_KEY',
        'VAPID_PUBLIC_KEY',
      ]),
    );
  });

  test('a value from a file is checked like one from the environment, without showing it', () => {
    const file = secretFile('bad-db', 'mysql://root:hunter2@db/app\n');
    expect(() => loadConfig({ DATABASE_URL_FILE: file })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(() => loadConfig({ DATABASE_URL_FILE: file })).not.toThrow(/hunter2/);
  });

  test('X and X_FILE both set is a configuration error', () => {
    const file = secretFile('redis-both', 'redis://redis:6379\n');
    expect(() => loadConfig({ REDIS_URL: 'redis://other:6379', REDIS_URL_FILE: file })).toThrow(
      /Invalid configuration:[\s\S]*REDIS_URL and REDIS_URL_FILE: set one of them, not both/,
    );
    // An empty X is a variable left out (compose passes `X=`), not a second value.
    expect(loadConfig({ REDIS_URL: '', REDIS_URL_FILE: file }).redisUrl).toBe('redis://redis:6379');
  });

  test('a missing or empty file is a configuration error naming the file', () => {
    const missing = path.join(dir, 'nowhere');
    expect(() => loadConfig({ SMTP_URL_FILE: missing })).toThrow(
      new RegExp(`SMTP_URL_FILE: cannot read ${missing} \\(ENOENT\\)`),
    );
    const empty = secretFile('empty', '\n');
    expect(() => loadConfig({ MOLLIE_API_KEY_FILE: empty })).toThrow(/MOLLIE_API_KEY_FILE: .* is empty/);
  });
});

describe('what each machine keeps to itself', () => {
  test('the embedded database is one machine: no warning', () => {
    expect(perMachineState(loadConfig({}))).toEqual([]);
  });

  test('with DATABASE_URL: push keys, photos on disk, mail and SMS to an outbox', () => {
    const warned = perMachineState(loadConfig(production));
    expect(warned.map((w) => w.setting)).toEqual(['VAPID_PUBLIC_KEY', 'S3_BUCKET', 'SMTP_URL', 'SMS']);
    expect(warned[0]?.message).toMatch(/push keys not configured/);
    expect(warned[1]?.message).toMatch(/photos on local disk/);
    expect(warned[2]?.message).toMatch(/mail goes to the outbox/);
    expect(warned[3]?.message).toMatch(/SMS go to the outbox/);
  });

  test('each shared setting silences its warning', () => {
    const shared = loadConfig({
      ...production,
      ...vapid,
      S3_BUCKET: 'photos',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      SMTP_URL: 'smtp://mail:587',
    });
    expect(perMachineState(shared).map((w) => w.setting)).toEqual(['SMS']);
  });
});

describe('the level of request lines', () => {
  test('on the embedded database at debug unless LOG_LEVEL is set; with DATABASE_URL at info', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({}).requestLogLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'info' }).requestLogLevel).toBe('info');
    expect(loadConfig(production).requestLogLevel).toBe('info');
    expect(loadConfig({ ...production, LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
  });
});
