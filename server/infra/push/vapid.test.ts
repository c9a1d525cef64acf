import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { vapidKeys } from './vapid';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const dataDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
  dirs.push(d);
  return d;
};

describe('VAPID keys', () => {
  test('embedded: a pair is created once under DATA_DIR, readable by its owner only, and kept', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    const first = vapidKeys(config);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const file = path.join(config.dataDir, 'vapid-keys.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(vapidKeys(config)).toEqual(first);
  });

  test('configured keys win; one without the other is a configuration error', () => {
    const generated = vapidKeys(loadConfig({ DATA_DIR: dataDir() }));
    const config = loadConfig({
      DATA_DIR: dataDir(),
      VAPID_PUBLIC_KEY: generated.publicKey,
      VAPID_PRIVATE_KEY: generated.privateKey,
    });
    expect(vapidKeys(config)).toEqual(generated);
    expect(fs.existsSync(path.join(config.dataDir, 'vapid-keys.json'))).toBe(false);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: generated.publicKey })).toThrow(/set both or neither/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'push@example.com' })).toThrow(/VAPID_SUBJECT/);
  });
});
