import fs from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_KEY } from './index';
import type { S3Storage } from './s3';

export type CopyReport = {
  /** Keys put into the bucket on this run. */
  copied: number;
  /** Keys the bucket already held with the same size. */
  skipped: number;
  /** Keys whose copy failed, with the reason. */
  failed: { key: string; error: string }[];
  /** Files under the folder that are no media keys (left alone). */
  ignored: string[];
};

/** Every file under `dir`, as a path relative to it with `/` separators. */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/**
 * Copies the photo folder of a local install (DATA_DIR/media) into a bucket, key for key. A key the
 * bucket already holds with the same size is skipped, so a copy that was interrupted, or runs again
 * after the switch, only does what is left. A key that fails does not stop the others.
 */
export async function copyMediaToBucket(
  dir: string,
  bucket: S3Storage,
  opts: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<CopyReport> {
  const files = await filesUnder(dir);
  const keys = files.filter((f) => MEDIA_KEY.test(f));
  const report: CopyReport = {
    copied: 0,
    skipped: 0,
    failed: [],
    ignored: files.filter((f) => !MEDIA_KEY.test(f)),
  };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++] as string;
      try {
        const bytes = await fs.readFile(path.join(dir, key));
        if ((await bucket.size(key)) === bytes.length) report.skipped++;
        else {
          await bucket.put(key, bytes);
          report.copied++;
        }
      } catch (err) {
        report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
      }
      opts.onProgress?.(++done, keys.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 8, keys.length) }, worker));
  return report;
}
