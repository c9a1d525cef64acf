import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { MEDIA_KEY, type Storage } from './index';

export type S3Options = {
  /** For S3-compatible stores (MinIO, Ceph, R2…); absent means AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installs. */
  prefix?: string;
};

/** A key that holds nothing; a missing bucket is a configuration error and must not read as that. */
function isMissing(err: unknown): boolean {
  if (err instanceof NoSuchKey) return true;
  return (
    err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404 && err.name !== 'NoSuchBucket'
  );
}

export type S3Storage = Storage & {
  /** The stored size of a key in bytes, or null when it holds nothing (a copy skips what is there). */
  size(key: string): Promise<number | null>;
};

/**
 * Image bytes in an S3 bucket. Objects stay private: the app reads them and serves /media itself,
 * so the premium check in routes/media.ts holds for S3 as for the local disk.
 */
export function s3Storage(options: S3Options): S3Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The SDK's default CRC checksum headers are refused by several S3-compatible stores.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const objectKey = (key: string) => {
    if (!MEDIA_KEY.test(key)) throw new Error(`invalid media key ${key}`);
    return `${options.prefix ?? ''}${key}`;
  };
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: objectKey(key), Body: bytes, ContentType: 'image/webp' }),
      );
    },
    async get(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!res.Body) return null;
        return Buffer.from(await res.Body.transformToByteArray());
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async size(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return res.ContentLength ?? null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible stores answer 404.
        if (!isMissing(err)) throw err;
      }
    },
  };
}
