import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

const credentials = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

describe('S3 configuration', () => {
  test('without S3_BUCKET photos stay on disk, whatever else is set', () => {
    expect(loadConfig({ ...credentials, S3_ENDPOINT: 'http://minio:9000' }).s3).toBeUndefined();
  });

  test('S3_BUCKET without credentials is a configuration error naming both', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos' })).toThrow(
      /Invalid configuration:[\s\S]*S3_ACCESS_KEY_ID: required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required/,
    );
  });

  test('an S3-compatible endpoint defaults to path-style addressing, AWS to virtual hosts', () => {
    const minio = loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'http://minio:9000', ...credentials });
    expect(minio.s3).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'photos',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: undefined,
    });
    const aws = loadConfig({
      S3_BUCKET: 'photos',
      S3_REGION: 'eu-west-1',
      S3_PREFIX: 'media/',
      ...credentials,
    });
    expect(aws.s3).toMatchObject({
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      prefix: 'media/',
    });
    const forced = loadConfig({
      S3_BUCKET: 'photos',
      S3_FORCE_PATH_STYLE: 'false',
      S3_ENDPOINT: 'http://r2',
      ...credentials,
    });
    expect(forced.s3?.forcePathStyle).toBe(false);
  });

  test('a malformed endpoint or path-style flag is refused', () => {
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000', ...credentials })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'photos', S3_FORCE_PATH_STYLE: 'yes', ...credentials })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});

describe('real-time configuration', () => {
  test('REDIS_URL is optional and must be a redis URL; the in-flight cap has a default', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(() => loadConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(loadConfig({}).socketMaxInFlight).toBeGreaterThan(0);
    expect(loadConfig({ SOCKET_MAX_IN_FLIGHT: '5' }).socketMaxInFlight).toBe(5);
    expect(loadConfig({}).signupsPerAddressPerHour).toBe(30);
    expect(loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '500' }).signupsPerAddressPerHour).toBe(500);
    expect(() => loadConfig({ SIGNUPS_PER_ADDRESS_PER_HOUR: '0' })).toThrow(/SIGNUPS_PER_ADDRESS_PER_HOUR/);
    expect(() => loadConfig({ SOCKET_MAX_IN_FLIGHT: '0' })).toThrow(/SOCKET_MAX_IN_FLIGHT/);
  });
});

describe('WORKERS', () => {
  test('one server process by default; more only with PostgreSQL and Redis', () => {
    expect(loadConfig({}).workers).toBe(1);
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(
      loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/app', PAYMENTS: 'demo', ...redis }).workers,
    ).toBe(2);
    expect(() => loadConfig({ WORKERS: '2', ...redis })).toThrow(/WORKERS: more than 1 needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '2', DATABASE_URL: 'postgres://db/app' })).toThrow(
      /WORKERS: more than 1 needs REDIS_URL/,
    );
    expect(() => loadConfig({ WORKERS: '0', DATABASE_URL: 'postgres://db/app' })).toThrow(/WORKERS/);
  });
});

describe('metrics', () => {
  test('off unless a port or a token is set; the port listens on loopback unless told otherwise', () => {
    expect(loadConfig({}).metrics).toEqual({ port: undefined, host: '127.0.0.1', token: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
    const token = 'x'.repeat(32);
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: undefined,
      host: '0.0.0.0',
      token,
    });
  });

  test('a short token or a port out of range is refused', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '' })).toThrow(/METRICS_PORT/);
  });

  test('with several processes the token alone is refused: the metrics port sums them', () => {
    const workers = {
      WORKERS: '2',
      DATABASE_URL: 'postgres://db/app',
      PAYMENTS: 'demo',
      REDIS_URL: 'redis://127.0.0.1:6379',
      METRICS_TOKEN: 'x'.repeat(32),
    };
    expect(() => loadConfig(workers)).toThrow(/METRICS_TOKEN: with more than 1 WORKERS set METRICS_PORT/);
    expect(loadConfig({ ...workers, METRICS_PORT: '9464' }).metrics.port).toBe(9464);
  });
});

describe('payments and proxies in production', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://app@db/app',
    REDIS_URL: 'redis://r',
  };
  const key = { MOLLIE_API_KEY: 'live_abcdefghijkl' };

  test('in production on PostgreSQL the demo provider must be named, or the start refuses', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENTS: set MOLLIE_API_KEY[\s\S]*PAYMENTS=demo/);
    expect(loadConfig({ ...production, PAYMENTS: 'demo' }).payments).toBe('demo');
    expect(loadConfig({ ...production, ...key }).payments).toBe('mollie');
  });

  test('the embedded database of one machine and test runs keep the demo provider by default', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://app@db/app' }).payments).toBe('demo');
  });

  test('PAYMENTS=mollie without a key is a configuration error', () => {
    expect(() => loadConfig({ PAYMENTS: 'mollie' })).toThrow(/PAYMENTS: mollie needs MOLLIE_API_KEY/);
  });

  test('TRUST_PROXY=true is refused with what to give instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust any X-Forwarded-For/,
    );
    expect(loadConfig({ TRUST_PROXY: '1' })).toMatchObject({ trustProxy: true, trustedProxies: 1 });
    expect(loadConfig({})).toMatchObject({ trustProxy: false, trustedProxies: false });
  });
});
