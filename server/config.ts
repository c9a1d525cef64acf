import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { NOTIFICATION_BATCH_WINDOW_MS } from '../common/constants';
import type { PoolOptions } from './db/client';
import type { MetricsOptions } from './infra/metrics';
import type { S3Options } from './infra/storage/s3';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** Connections each server process keeps to PostgreSQL at most (their sum stays under max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** How long a new PostgreSQL connection may take before the request fails (ms). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  /** Longest a single statement may run before PostgreSQL cancels it (ms; 0: no limit). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * Server processes sharing the port (node:cluster). Only with DATABASE_URL: PGlite lives in one
   * process. Real-time events reach sockets on another process only through a shared bus.
   */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  SITES_FILE: z.string().default('./config/sites.json'),
  /** Header a proxy or CDN sets to the visitor's country (Cloudflare's by default). */
  GEOIP_HEADER: z.string().default('cf-ipcountry'),
  /**
   * On SIGTERM, readiness (/api/ready) answers 503 for this long before the server stops taking
   * requests, so a load balancer stops sending new ones first. 0: stop at once.
   */
  DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** Seed this many demo members when the database has none (0 = never). */
  SEED_MEMBERS: z.coerce.number().int().min(0).default(300),
  /**
   * pino's level; `info` when unset. On the embedded database without it, request lines are at
   * `debug`, so the start banner stays on a laptop's screen; a level set here logs them at `info`.
   */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /**
   * The proxies in front of the app, whose X-Forwarded-* headers are believed: their number (hops,
   * `1` for one load balancer) or their addresses and ranges, comma-separated. `false`: none.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      const trusted = parseTrustProxy(v);
      if (typeof trusted === 'string') {
        ctx.addIssue({ code: 'custom', message: trusted });
        return z.NEVER;
      }
      return trusted;
    }),
  /** smtp:// or smtps:// with credentials; without it mail goes to DATA_DIR/outbox and the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender address of every mail; the display name is the site's mail_name. */
  MAIL_FROM: z.string().email('MAIL_FROM must be an e-mail address').optional(),
  /** Origin of the links in mails, `{domain}` standing for the site's domain, e.g. https://{domain}. */
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/]*\{domain\}[^/]*$/, 'PUBLIC_ORIGIN must look like https://{domain}')
    .optional(),
  /**
   * The shared secret of the mail provider's bounce and complaint reports (POST
   * /api/mail-events.php, as a Bearer token or the password of Basic auth); without it that
   * endpoint does not exist (404).
   */
  MAIL_EVENTS_SECRET: z.string().min(16, 'MAIL_EVENTS_SECRET must be at least 16 characters').optional(),
  /** Photos go to this S3 bucket when set; otherwise to DATA_DIR/media. */
  S3_BUCKET: z.string().min(1).optional(),
  /** For S3-compatible stores (MinIO, Ceph, R2…); absent means AWS itself. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'S3_ENDPOINT must be an http:// or https:// URL')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Default: true with S3_ENDPOINT (most compatible stores want path-style), false on AWS. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().optional(),
  /** Events cross instances through this Redis (pub/sub) when set; otherwise they stay in the process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  /**
   * Socket frames (sends, read receipts) handled at once by this process; above it a send is answered
   * 429 `slow_down` rather than queued, so latency stays bounded when the database is the bottleneck.
   */
  SOCKET_MAX_IN_FLIGHT: z.coerce.number().int().min(1).default(64),
  /**
   * Signups (and so activation mails) one address may start per hour: enough for a household or an
   * office behind one address, far too few to fill the site with accounts or mailboxes with mail.
   * Raise it where many real people share one address (a campus NAT), or for a test suite.
   */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** Payments through Mollie when set (live_… or test_…); otherwise the built-in demo provider. */
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(live|test)_\w{10,}$/, 'MOLLIE_API_KEY must look like test_… or live_…')
    .optional(),
  /** Mollie's API base; only a test points it elsewhere (a fake of the API on loopback). */
  MOLLIE_API_URL: z.string().url().default('https://api.mollie.com/v2'),
  /**
   * Who takes payments: `mollie` (needs MOLLIE_API_KEY) or `demo`, the built-in provider whose
   * checkout lets anyone mark a payment paid. Default: mollie with a key; without one, demo, except
   * in production on PostgreSQL, where the demo must be chosen by name.
   */
  PAYMENTS: z.enum(['mollie', 'demo']).optional(),
  /**
   * The VAPID key pair push messages are signed with (base64url, as `web-push generate-vapid-keys`
   * prints them). Without them a pair is generated once and kept in DATA_DIR/vapid-keys.json; set
   * them when several machines serve the site, or every machine signs with its own pair.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key')
    .optional(),
  /**
   * How long events (messages, likes) gather before their notification mail goes: a burst becomes
   * one mail, and nothing goes about what the member read meanwhile.
   */
  NOTIFICATION_BATCH_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(NOTIFICATION_BATCH_WINDOW_MS / 1000),
  /** Who push services contact about this sender: a mailto: or https: URL (default from MAIL_FROM). */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL')
    .optional(),
  /**
   * The push services a subscription may point at (host names; subdomains count): a member posts the
   * endpoint, so without a list the server could be made to post to any address. http is accepted
   * only for a loopback host named here (a test's push endpoint).
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,android.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com',
    ),
  /** Prometheus metrics on a port of their own (GET /metrics), never the app's public one. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Where METRICS_PORT listens: loopback unless a scraper on another machine must reach it. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * The bearer token a scrape shows. Without METRICS_PORT metrics are at GET /api/metrics on the
   * app's port, only with this token (without it that endpoint does not exist); with the port, the
   * port asks for it too.
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

/** The S3 settings, when S3_BUCKET asks for them; a bucket without its credentials is an error. */
function s3Config(e: z.infer<typeof envSchema>): S3Options | undefined {
  if (!e.S3_BUCKET) return undefined;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!accessKeyId || !secretAccessKey) {
    const missing = [
      accessKeyId ? null : 'S3_ACCESS_KEY_ID',
      secretAccessKey ? null : 'S3_SECRET_ACCESS_KEY',
    ];
    const lines = missing.filter(Boolean).map((name) => `  ${name}: required when S3_BUCKET is set`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    prefix: e.S3_PREFIX || undefined,
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL pool of each process. */
  databasePool: PoolOptions;
  /** Server processes (node:cluster); 1 without DATABASE_URL. */
  workers: number;
  sitesFile: string;
  geoipHeader: string;
  seedMembers: number;
  /** Seconds readiness answers 503 after SIGTERM before the server stops taking requests. */
  drainSeconds: number;
  logLevel: string;
  /** The level of Fastify's per-request lines: `debug` on the embedded database unless LOG_LEVEL is set. */
  requestLogLevel: 'info' | 'debug';
  /** Behind a TLS-terminating proxy: Secure cookies, HSTS, https links in mails. */
  trustProxy: boolean;
  /** Whose X-Forwarded-For is believed: a number of hops or addresses/ranges; false for none. */
  trustedProxies: TrustedProxies;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  publicOrigin: string | undefined;
  /** Authenticates the mail provider's reports; undefined turns POST /api/mail-events.php off. */
  mailEventsSecret: string | undefined;
  /** Photo storage in an S3 bucket; undefined keeps photos under DATA_DIR/media. */
  s3: S3Options | undefined;
  /** Redis for the event bus between instances; undefined keeps events in the process. */
  redisUrl: string | undefined;
  socketMaxInFlight: number;
  signupsPerAddressPerHour: number;
  /** Who takes payments (see PAYMENTS). */
  payments: 'mollie' | 'demo';
  /** Mollie's key and API base. */
  mollie: { apiKey: string; apiUrl: string } | undefined;
  notificationBatchSeconds: number;
  push: {
    /** Both keys, or undefined to use (or create) the pair kept under DATA_DIR. */
    vapidKeys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    endpointHosts: string[];
  };
  /** Where Prometheus metrics are served, if anywhere (infra/metrics.ts). */
  metrics: MetricsOptions;
};

export type TrustedProxies = false | number | string[];

/** Names proxy-addr (Fastify's trustProxy) knows for common private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY read as hops or a list of addresses and ranges; an error text when it is neither.
 * `true` is refused: it would believe any X-Forwarded-For, so a client could pick its own address
 * and step around every per-address limit and ban.
 */
export function parseTrustProxy(value: string): TrustedProxies | string {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    return 'true would trust any X-Forwarded-For; give the number of proxies in front of the app (e.g. 1) or their addresses and ranges (e.g. 10.0.0.0/8,192.168.0.10)';
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 16 ? hops : 'a number of proxies from 0 to 16';
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !NAMED_RANGES.has(e) && !isAddressOrRange(e));
  if (bad) return `not an address, a range or a number of proxies: ${bad}`;
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The payment provider. The demo one marks a payment paid for whoever holds its id, so a site in
 * production on a shared database (not the embedded one of a single machine) never falls back to
 * it: it must be named, or the start refuses.
 */
function paymentsFor(e: z.infer<typeof envSchema>): 'mollie' | 'demo' {
  if (e.PAYMENTS === 'mollie' && !e.MOLLIE_API_KEY)
    throw new Error('Invalid configuration:\n  PAYMENTS: mollie needs MOLLIE_API_KEY');
  if (e.PAYMENTS) return e.PAYMENTS;
  if (e.MOLLIE_API_KEY) return 'mollie';
  if (e.NODE_ENV === 'production' && e.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  PAYMENTS: set MOLLIE_API_KEY for real payments, or PAYMENTS=demo for a site where nobody pays (its checkout lets anyone mark a payment paid)',
    );
  return 'demo';
}

/**
 * The secrets a container platform may hand over as files: `X_FILE=/run/secrets/x` stands for X,
 * the file's content trimmed (a trailing newline is how most secret files end).
 */
export const FILE_SECRETS = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'MOLLIE_API_KEY',
  'MAIL_EVENTS_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_PUBLIC_KEY',
  'METRICS_TOKEN',
] as const;

/**
 * The environment with each `X_FILE` read into X. Both set is an error: which one wins would be a
 * guess, and a forgotten old value is how a rotated secret stays in use. An empty X counts as unset
 * (compose files pass `X=` for variables left out). No message names a secret's value.
 */
function withFileSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  const problems: string[] = [];
  for (const name of FILE_SECRETS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) {
      problems.push(`  ${name} and ${name}_FILE: set one of them, not both`);
      continue;
    }
    let content: string;
    try {
      content = fs.readFileSync(file, 'utf8').trim();
    } catch (err) {
      problems.push(
        `  ${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
      );
      continue;
    }
    if (!content) problems.push(`  ${name}_FILE: ${file} is empty`);
    else out[name] = content;
  }
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return out;
}

/**
 * What each machine keeps to itself although several may serve the site. With DATABASE_URL (a
 * shared database, so perhaps several instances) the start warns of each, naming the setting that
 * would share it; the embedded database is one machine anyway.
 */
export function perMachineState(config: Config): { setting: string; message: string }[] {
  if (!config.databaseUrl) return [];
  const state: { setting: string; message: string }[] = [];
  if (!config.push.vapidKeys)
    state.push({
      setting: 'VAPID_PUBLIC_KEY',
      message:
        'push keys not configured: generated in this data folder, so instances serve different push keys (set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY)',
    });
  if (!config.s3)
    state.push({
      setting: 'S3_BUCKET',
      message:
        'photos on local disk: a photo uploaded through one instance is missing on the others (set S3_BUCKET)',
    });
  if (!config.smtpUrl)
    state.push({
      setting: 'SMTP_URL',
      message: 'mail goes to the outbox folder of this instance, not to members (set SMTP_URL)',
    });
  state.push({
    setting: 'SMS',
    message: 'SMS go to the outbox folder of this instance, not to phones (no SMS gateway is configured)',
  });
  return state;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withFileSecrets(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKERS > 1 && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  WORKERS: more than 1 needs DATABASE_URL (the embedded database lives in one process)',
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new Error('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither');
  if (e.WORKERS > 1 && !e.REDIS_URL)
    throw new Error(
      'Invalid configuration:\n  WORKERS: more than 1 needs REDIS_URL (chat events must reach the sockets of every process)',
    );
  if (e.WORKERS > 1 && e.METRICS_TOKEN && e.METRICS_PORT === undefined)
    throw new Error(
      'Invalid configuration:\n  METRICS_TOKEN: with more than 1 WORKERS set METRICS_PORT too (a scrape of the app port reaches one process; the metrics port sums them all)',
    );
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePool: {
      size: e.DATABASE_POOL_SIZE,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    },
    workers: e.WORKERS,
    sitesFile: path.resolve(e.SITES_FILE),
    geoipHeader: e.GEOIP_HEADER.toLowerCase(),
    seedMembers: e.SEED_MEMBERS,
    drainSeconds: e.DRAIN_SECONDS,
    logLevel: e.LOG_LEVEL ?? 'info',
    requestLogLevel: e.LOG_LEVEL || e.DATABASE_URL ? 'info' : 'debug',
    trustProxy: e.TRUST_PROXY !== false,
    trustedProxies: e.TRUST_PROXY,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicOrigin: e.PUBLIC_ORIGIN,
    mailEventsSecret: e.MAIL_EVENTS_SECRET,
    s3: s3Config(e),
    redisUrl: e.REDIS_URL,
    socketMaxInFlight: e.SOCKET_MAX_IN_FLIGHT,
    signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
    payments: paymentsFor(e),
    mollie: e.MOLLIE_API_KEY ? { apiKey: e.MOLLIE_API_KEY, apiUrl: e.MOLLIE_API_URL } : undefined,
    notificationBatchSeconds: e.NOTIFICATION_BATCH_SECONDS,
    push: {
      vapidKeys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.MAIL_FROM ?? 'push@localhost'}`,
      endpointHosts: e.PUSH_ENDPOINT_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    },
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
  };
}
