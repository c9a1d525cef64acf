/**
 * `npm run photos:to-s3`: copies the photos of an install that kept them on local disk
 * (DATA_DIR/media) into the bucket the S3_* variables name, before the instances start with them.
 * It may run while the server still serves from disk and run again afterwards: a photo the bucket
 * already holds with the same size is skipped. Exit codes: 0 every photo is in the bucket, 1 some
 * failed or the bucket cannot be reached (the causes are printed), 2 no bucket configured.
 */
import path from 'node:path';
import { loadConfig } from './config';
import { copyMediaToBucket } from './infra/storage/copy-to-bucket';
import { s3Storage } from './infra/storage/s3';

async function main() {
  const config = loadConfig();
  if (!config.s3) {
    console.error('Set S3_BUCKET (and S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_ENDPOINT for MinIO) first.');
    process.exit(2);
  }
  const dir = path.join(config.dataDir, 'media');
  const bucket = s3Storage(config.s3);
  const where = `bucket ${config.s3.bucket}${config.s3.prefix ? ` under ${config.s3.prefix}` : ''}`;
  try {
    await bucket.check();
  } catch (err) {
    console.error(`Cannot reach the ${where}: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
  console.log(`Copying the photos of ${dir} into the ${where}…`);
  let shown = 0;
  const report = await copyMediaToBucket(dir, bucket, {
    onProgress: (done, total) => {
      // A line every thousand photos, so a long copy shows it is moving.
      if (done - shown >= 1000 || done === total) {
        shown = done;
        console.log(`  ${done} of ${total}`);
      }
    },
  });
  for (const file of report.ignored) console.log(`  left alone (no photo key): ${file}`);
  for (const { key, error } of report.failed) console.error(`  failed: ${key}: ${error}`);
  console.log(
    `${report.copied} copied, ${report.skipped} already there, ${report.failed.length} failed, ${report.ignored.length} left alone.`,
  );
  if (report.failed.length > 0) {
    console.error('Run the command again to retry the failed photos.');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
