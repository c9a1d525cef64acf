import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export type VapidKeys = { publicKey: string; privateKey: string };

const FILE = 'vapid-keys.json';

/**
 * The key pair push messages are signed with: the configured one, else the pair kept under
 * DATA_DIR, created on the first start. Browsers tie a subscription to the public key, so the pair
 * must outlive restarts: a new pair would silently cut every subscribed member off. The file is
 * created exclusively, so server processes starting together agree on one pair.
 */
export function vapidKeys(config: Pick<Config, 'dataDir' | 'push'>): VapidKeys {
  if (config.push.vapidKeys) return config.push.vapidKeys;
  const file = path.join(config.dataDir, FILE);
  try {
    return readKeys(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readKeys(file);
    throw err;
  }
}

function readKeys(file: string): VapidKeys {
  const { publicKey, privateKey } = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string')
    throw new Error(`${file} does not hold a VAPID key pair`);
  return { publicKey, privateKey };
}
