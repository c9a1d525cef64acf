import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with scrypt, stored as `scrypt$N$r$p$salt$hash` (salt and hash in base64), so
 * the cost can be raised later and old hashes still verify. N=2^14, r=8, p=5 is one of OWASP's
 * equivalent scrypt settings; it keeps memory at 16 MiB per hash on a small server.
 */
export const SCRYPT_PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

type Params = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, keyLength: number, params: Params): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, params: Params = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((v) => (/^\d{1,8}$/.test(v ?? '') ? Number(v) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  // Bounds keep a damaged or hostile row from making one verification take minutes or gigabytes.
  const powerOfTwo = Number.isInteger(Math.log2(N));
  if (!powerOfTwo || N < 2 ** 10 || N > 2 ** 20 || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || key.length < 16 || key.length > 128) return null;
  return { params: { N, r, p }, salt, key };
}

/** True when `password` matches the stored hash; false for a wrong password or an unusable hash (null, demo rows). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when a stored hash was made with other settings than today's, so a login can re-hash it. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    !parsed ||
    parsed.params.N !== SCRYPT_PARAMS.N ||
    parsed.params.r !== SCRYPT_PARAMS.r ||
    parsed.params.p !== SCRYPT_PARAMS.p
  );
}
