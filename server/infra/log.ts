import { type DestinationStream, type Logger, pino, stdSerializers } from 'pino';

export type { Logger };

/** What stands in a log line for a value that opens an account or proves who someone is. */
export const REDACTED = '[redacted]';

/**
 * Query parameters logged as `[redacted]`: the tokens of mail links (activation, password reset,
 * mail change, unsubscribe), codes, passwords, keys and signatures. Matched anywhere in the name, so
 * a `postcode` goes too: an address is no loss to a log.
 */
const SECRET_PARAM = /token|code|pass|secret|key|sig|auth/i;

/** Addresses that carry the token in the path: the unsubscribe screen of a notification mail. */
const SECRET_PATH = /(\/unsubscribe\/)[^/?#]+/;

/** A request address or link as it may be logged: secret query values and path tokens replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq === -1) return part;
      const name = part.slice(0, eq);
      return SECRET_PARAM.test(decodeQueryName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${path}?${query}`;
}

/** A parameter name as the server reads it, so `%74oken` is caught as well as `token`. */
function decodeQueryName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/** Fields never written whole, wherever they appear in a logged object (a body, a payload, a row). */
const SECRET_FIELDS = new Set([
  'password',
  'password_repeat',
  'old_password',
  'new_password',
  'token',
  'secret',
  'totp',
  'otp',
  'iban',
  'authorization',
  'cookie',
]);

/** How deep a logged object is searched: a body inside a request inside the line is depth 2. */
const MAX_DEPTH = 3;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * The object of a log line with secret fields replaced and addresses stripped of their secrets;
 * copied only where something changes. Plain objects and arrays only: Fastify's request and reply
 * and errors have serializers of their own, and walking them would cost every request line.
 * (pino's own redaction, with these fields at three depths, made each line about ten times slower.)
 */
function scrub(value: unknown, urlFields: ReadonlySet<string>, depth: number): unknown {
  if (Array.isArray(value)) {
    if (depth >= MAX_DEPTH) return value;
    let out: unknown[] | undefined;
    value.forEach((item, i) => {
      const next = scrub(item, urlFields, depth + 1);
      if (next !== item) {
        out ??= [...value];
        out[i] = next;
      }
    });
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    const name = key.toLowerCase();
    let next = item;
    if (SECRET_FIELDS.has(name)) next = item === null || item === undefined ? item : REDACTED;
    else if (urlFields.has(name) && typeof item === 'string') next = redactUrl(item);
    else if (depth < MAX_DEPTH && typeof item === 'object') next = scrub(item, urlFields, depth + 1);
    if (next !== item) {
      out ??= { ...value };
      out[key] = next;
    }
  }
  return out ?? value;
}

/**
 * The request as a log line shows it (Fastify's fields), its address without secrets. The headers
 * (cookies, session) and the body are left out, as Fastify's own serializer does.
 */
function requestSerializer(req: {
  method?: string;
  url?: unknown;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Errors with their stack, minus the parameters of a failed query: drizzle puts them in the message
 * and on the error, and they are the values a statement was given (a token, an address, a hash).
 */
function errorSerializer(err: Error) {
  // A caller may log only an error's text (`{ err: err.message }`): it is logged as it is.
  if (!err || typeof err !== 'object') return err;
  const out = stdSerializers.err(err) as ReturnType<typeof stdSerializers.err> & Record<string, unknown>;
  const cut = (text: unknown) =>
    typeof text === 'string'
      ? text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`)
      : text;
  out.message = cut(out.message) as string;
  out.stack = cut(out.stack) as string;
  if ('params' in out) out.params = REDACTED;
  return out;
}

export type LogOptions = {
  /** pino's level (LOG_LEVEL). */
  level: string;
  /**
   * Whether a mail's link is logged whole. Only on the embedded database: there the outbox's log line
   * is how the activation and reset links reach a developer without mail. Elsewhere a token in the
   * log would open an account to whoever reads the log.
   */
  showMailLinks?: boolean;
};

/**
 * The server's one logger, JSON lines to stdout (or `stream`): Fastify's (its request lines, `app.log`)
 * and everything around it (database, Redis, jobs, start) write through it, so a log collector reads
 * one format.
 */
export function createLogger(options: LogOptions, stream?: DestinationStream): Logger {
  const urlFields: ReadonlySet<string> = new Set(options.showMailLinks ? ['url'] : ['url', 'link']);
  return pino(
    {
      level: options.level,
      serializers: { req: requestSerializer, err: errorSerializer },
      formatters: { log: (object) => scrub(object, urlFields, 0) as Record<string, unknown> },
    },
    stream as DestinationStream,
  );
}

/** The logger of a server process, as the configuration asks (LOG_LEVEL; links whole only on PGlite). */
export function serverLogger(
  config: { logLevel: string; databaseUrl: string | undefined },
  stream?: DestinationStream,
): Logger {
  return createLogger({ level: config.logLevel, showMailLinks: !config.databaseUrl }, stream);
}
