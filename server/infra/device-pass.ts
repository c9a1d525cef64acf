import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A device pass: what a browser keeps after a successful login to show, at a later login, that it
 * was used by that account before (`<account id>.<device id>.<mac>`). The MAC is an HMAC-SHA256
 * over the kind of account, its id and the device id, keyed with a secret of that account which
 * only the server holds (its stored password hash). So no table is needed, every instance can
 * check a pass without shared configuration, a pass names one account and no other, and a new
 * password ends the passes of every device at once. Someone who could read the hash could make a
 * pass, but a pass only lets a login past the lock on failed attempts: the password is still needed,
 * and with the hash in hand it could be guessed offline anyway.
 */

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const MAC = /^[A-Za-z0-9_-]{43}$/;
const ACCOUNT_ID = /^[1-9][0-9]{0,15}$/;

/** 128 random bits naming one browser. */
export function newDeviceId(): string {
  return randomBytes(16).toString('base64url');
}

function mac(kind: string, accountId: number, deviceId: string, key: string): Buffer {
  return createHmac('sha256', key).update(`device-pass\0${kind}\0${accountId}\0${deviceId}`).digest();
}

export function signDevicePass(kind: string, accountId: number, deviceId: string, key: string): string {
  return `${accountId}.${deviceId}.${mac(kind, accountId, deviceId, key).toString('base64url')}`;
}

/**
 * The device id of a pass that this account's key signed for this account, or null for anything
 * else: no pass, another account's, a changed or a made-up one.
 */
export function verifyDevicePass(
  pass: string | undefined,
  kind: string,
  accountId: number,
  key: string,
): string | null {
  const [id, deviceId, given, ...rest] = (pass ?? '').split('.');
  if (rest.length > 0 || !id || !deviceId || !given) return null;
  if (!ACCOUNT_ID.test(id) || Number(id) !== accountId || !DEVICE_ID.test(deviceId) || !MAC.test(given))
    return null;
  // Compared as text: decoding would ignore the spare bits of the last character, so two spellings
  // of one MAC would both pass.
  const expected = Buffer.from(mac(kind, accountId, deviceId, key).toString('base64url'));
  return timingSafeEqual(Buffer.from(given), expected) ? deviceId : null;
}
