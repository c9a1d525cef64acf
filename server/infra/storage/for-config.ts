import path from 'node:path';
import type { Config } from '../../config';
import { localStorage, type Storage } from './index';
import { s3Storage } from './s3';

/** The storage an install uses: the S3 bucket when S3_BUCKET is set, else DATA_DIR/media. */
export function storageFor(config: Config): Storage {
  return config.s3 ? s3Storage(config.s3) : localStorage(path.join(config.dataDir, 'media'));
}
