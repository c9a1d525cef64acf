import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests, and a small MIME reader for what it receives (the
 * project has no mail parser; nodemailer writes multipart/alternative with quoted-printable or
 * base64 parts, which is all this reads).
 */

export type ReceivedMail = {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's own headers, unfolded, by lower-case name (List-Unsubscribe…). */
  headers: Record<string, string>;
  raw: string;
};

type Headers = Map<string, string>;

function splitHeaders(raw: string): { headers: Headers; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Headers = new Map();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The text and HTML parts of a message as nodemailer writes it. */
export function parseMail(raw: string): Omit<ReceivedMail, 'envelopeTo'> {
  const { headers, body } = splitHeaders(raw);
  const parts: { type: string; text: string }[] = [];
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeaders(chunk.replace(/^\r?\n/, ''));
      parts.push({
        type: part.headers.get('content-type') ?? 'text/plain',
        text: decodeBody(part.body.replace(/\r?\n$/, ''), part.headers.get('content-transfer-encoding')),
      });
    }
  } else parts.push({ type, text: decodeBody(body, headers.get('content-transfer-encoding')) });
  return {
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.text ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.text ?? '',
    headers: Object.fromEntries(headers),
    raw,
  };
}

/** The first link in a mail's text part whose path starts with `path`. */
export function linkIn(mail: Pick<ReceivedMail, 'text'>, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return url;
  }
  throw new Error(`no link to ${path} in the mail:\n${mail.text}`);
}

export type SmtpInbox = {
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `to` that has not been taken yet, waiting for it up to `timeoutMs`. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Mails to `to` received so far. */
  to(address: string): ReceivedMail[];
  close(): Promise<void>;
};

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push({ ...parseMail(raw), envelopeTo });
        for (const wake of waiters) wake();
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const forAddress = (to: string) => mails.filter((m) => m.envelopeTo.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: forAddress,
    async next(to, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = forAddress(to).find((m) => !taken.has(m));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
