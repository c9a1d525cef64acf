import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** An SMS provider: the outbox by default. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * Writes each SMS as a JSON file in DATA_DIR/sms-outbox and logs where, so the embedded mode and the
 * tests work without an SMS gateway (as the mail outbox does for mail).
 */
export class OutboxSms implements SmsSender {
  constructor(
    private readonly dir: string,
    private readonly log: { info(obj: object, msg: string): void },
  ) {}

  async send(to: string, text: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
    await fs.writeFile(file, JSON.stringify({ to, text, sent_at: new Date().toISOString() }));
    this.log.info({ to, file }, 'SMS written to the outbox');
  }
}
