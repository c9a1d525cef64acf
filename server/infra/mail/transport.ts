import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export type OutgoingMail = {
  kind: string;
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about; the outbox writes it to the log so `npm start` works without SMTP. */
  link?: string;
  /**
   * One-click unsubscribe address of a notification mail: sent as List-Unsubscribe with
   * List-Unsubscribe-Post (RFC 8058), so mail programs offer their own unsubscribe button.
   */
  listUnsubscribe?: string;
  /** Where a reply goes when that is not the sender (a complaint to support: the complainant). */
  replyTo?: { name: string; address: string };
};

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  /** Scheme, host and port of the links a mail for that domain carries. */
  linkOrigin(domain: string): string;
  close(): void;
};

/**
 * Links point at the site's own domain. Behind a proxy (TRUST_PROXY) that is HTTPS on the default
 * port; otherwise the port this process listens on, read when the mail is written because PORT=0
 * picks one at listen time. PUBLIC_ORIGIN overrides both.
 */
export function linkOriginFor(config: Config, listeningPort: () => number | null) {
  return (domain: string) => {
    if (config.publicOrigin) return config.publicOrigin.replace('{domain}', domain);
    if (config.trustProxy) return `https://${domain}`;
    const port = listeningPort() ?? config.port;
    return port === 80 ? `http://${domain}` : `http://${domain}:${port}`;
  };
}

/** SMTP when SMTP_URL is set; else one .eml file per mail in DATA_DIR/outbox plus a log line with its link. */
export function createMailer(
  config: Config,
  log: FastifyBaseLogger,
  listeningPort: () => number | null,
): Mailer {
  const linkOrigin = linkOriginFor(config, listeningPort);
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      linkOrigin,
      async send(mail) {
        const info = await transport.sendMail(message(mail));
        // No link here: a token in a log would open the account to whoever reads the log.
        log.info({ kind: mail.kind, messageId: info.messageId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    linkOrigin,
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${mail.kind}-${randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ kind: mail.kind, to: mail.to, link: mail.link, file }, 'mail written to the outbox');
    },
    close: () => composer.close(),
  };
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.listUnsubscribe
      ? {
          list: { unsubscribe: { url: mail.listUnsubscribe } },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}
