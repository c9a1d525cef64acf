import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where image bytes live. Keys are random and carry their access class as a prefix:
 * `o/` public renditions, `b/` blurred renditions, `p/` premium originals that only premium
 * viewers may load, `c/` chat photos that only the two members of the chat load (both checked in
 * routes/media.ts), so access needs no database look-up.
 */
export type Storage = {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes of a key; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Throws unless the store can be written (readiness): the folder, or the bucket. */
  check(): Promise<void>;
};

export const MEDIA_KEY = /^[obpc]\/[a-z0-9]{16,64}\.webp$/;

export function localStorage(dir: string): Storage {
  const file = (key: string) => {
    if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key ${key}`);
    return path.join(dir, key);
  };
  return {
    async put(key, bytes) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(file(key), { force: true });
    },
    async check() {
      await fs.mkdir(dir, { recursive: true });
      await fs.access(dir, constants.W_OK);
    },
  };
}

export const mediaUrl = (key: string) => `/media/${key}`;
