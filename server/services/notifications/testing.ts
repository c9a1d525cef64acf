import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { NOTIFICATION_BATCH_WINDOW_MS } from '../../../common/constants';
import { members } from '../../db/schema';
import { headers, type MailTestApp, signedUpMember } from '../../infra/mail/testing/app';
import type { ReceivedMail } from '../../infra/mail/testing/inbox';
import { loginCookie } from '../../test/app';
import { dispatchDueNotifications } from './dispatch';

const DAY = 86_400_000;

/**
 * Helpers of the notification tests: activated members who signed up now (by the test clock) and
 * are away (their last activity a day before it), messages and likes through the API, and the outbox worker run after the
 * batch window, with whatever mails it sent taken from the SMTP inbox.
 */
export function notificationHarness(t: () => MailTestApp, clock: { now: Date }) {
  const errors: object[] = [];
  const log = { error: (obj: object) => errors.push(obj), info: () => {} };

  async function member(input: Parameters<typeof signedUpMember>[1] = {}) {
    const m = await signedUpMember(t(), { confirmed: true, ...input });
    await t()
      .db.update(members)
      .set({ credits: 100, lastActiveAt: new Date(clock.now.getTime() - DAY), signupDate: clock.now })
      .where(eq(members.id, m.id));
    return { ...m, cookie: await loginCookie(t().db, m.id, clock.now) };
  }
  type Member = Awaited<ReturnType<typeof member>>;

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload: object) =>
    t().app.inject({ method, url, headers: headers(cookie), payload });

  /** A text message from `from` to `to`; the clock moves on 3 s (under the flood limit). */
  async function send(from: Member, to: Member) {
    clock.now = new Date(clock.now.getTime() + 3000);
    const res = await call('POST', '/api/messages.php', from.cookie, {
      client_id: randomUUID(),
      body: 'Hallo daar',
      member_id: to.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { message: { id: number; conversation_id: number } };
  }

  async function like(from: Member, to: Member) {
    const res = await call('POST', '/api/likes.php', from.cookie, { member_id: to.id });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The reader has read their chat up to that message. */
  async function read(reader: Member, message: { id: number; conversation_id: number }) {
    const res = await call('PUT', '/api/chat.php', reader.cookie, {
      conversation: { id: message.conversation_id },
      last_read_message_id: message.id,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }

  /** The member's page went hidden (the beacon): absent from now on, until their next request. */
  async function hide(who: Member) {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: headers(who.cookie),
      payload: {},
    });
    expect(res.statusCode).toBe(204);
  }

  /** Writes the recorded events, moves the clock past the batch window and runs the worker once. */
  async function dispatch() {
    await t().app.services.notifications.flush();
    clock.now = new Date(clock.now.getTime() + NOTIFICATION_BATCH_WINDOW_MS + 1000);
    const result = await dispatchDueNotifications(t().app.services, log);
    expect(errors).toEqual([]);
    return result;
  }

  /** Every mail to `address` not taken before (waiting a moment for SMTP to deliver). */
  async function mailsTo(address: string): Promise<ReceivedMail[]> {
    const got: ReceivedMail[] = [];
    for (;;) {
      try {
        got.push(await t().inbox.next(address, got.length === 0 ? 300 : 100));
      } catch {
        return got;
      }
    }
  }

  return { member, send, like, read, hide, dispatch, mailsTo, log, errors };
}

export type NotificationMember = Awaited<ReturnType<ReturnType<typeof notificationHarness>['member']>>;
