import fs from 'node:fs';
import path from 'node:path';
import { parseMail } from '../server/infra/mail/testing/inbox';

/**
 * The mails to `to` in the server's outbox, oldest first: the server the suite starts runs without
 * SMTP, so every mail it sends is a file under its data folder (playwright.config.ts).
 */
export function outbox(to: string) {
  if (process.env.E2E_BASE_URL)
    throw new Error('the mail steps read the outbox of the server the suite starts');
  const dir = path.resolve(process.env.E2E_DATA_DIR ?? '', 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => m.to.toLowerCase() === to.toLowerCase());
}
