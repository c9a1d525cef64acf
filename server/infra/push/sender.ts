import { eq, inArray } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '../../../common/api/push';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { endpointAllowed } from './endpoints';
import { type StoredSubscription, subscriptionsOf } from './subscriptions';
import type { VapidKeys } from './vapid';

type Log = { warn(obj: object, msg: string): void };

/** How long a push service keeps a message for a browser that is offline: news a day old is no news. */
const TTL_SECONDS = 24 * 3600;
/** A push service that does not answer in this time is given up on for this message. */
const REQUEST_TIMEOUT_MS = 10_000;

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'refused';

/**
 * Sends push messages through the browsers' push services (RFC 8030), encrypted to each
 * subscription's keys (RFC 8291, aes128gcm) and signed with the site's VAPID key (RFC 8292).
 * `web-push` builds the request; it goes out with fetch, so that a push service's answer decides
 * what happens to the subscription: 404 and 410 mean the browser gave it up, and it is removed.
 */
export class PushSender {
  constructor(
    private readonly db: Db,
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly endpointHosts: readonly string[],
    private readonly log: Log,
    private readonly now: () => Date,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** Whether a subscription's endpoint is one of the allowed push services. */
  allows(endpoint: string): boolean {
    return endpointAllowed(endpoint, this.endpointHosts);
  }

  /** The members among `memberIds` with at least one subscription. */
  async subscribed(memberIds: number[]): Promise<Set<number>> {
    return new Set((await subscriptionsOf(this.db, memberIds, this.now())).map((s) => s.memberId));
  }

  /** Pushes `payload` to every browser of the member; how many took it. */
  async sendToMember(memberId: number, payload: PushPayload): Promise<number> {
    const subs = await subscriptionsOf(this.db, [memberId], this.now());
    const outcomes = await Promise.all(subs.map((s) => this.send(s, payload)));
    const sent = subs.filter((_, i) => outcomes[i] === 'sent').map((s) => s.id);
    if (sent.length > 0)
      await this.db
        .update(pushSubscriptions)
        .set({ lastPushedAt: this.now() })
        .where(inArray(pushSubscriptions.id, sent));
    return sent.length;
  }

  async send(sub: StoredSubscription, payload: PushPayload): Promise<PushOutcome> {
    // Checked again at sending: the allowed services may have changed since the subscription came.
    if (!this.allows(sub.endpoint)) {
      await this.remove(sub);
      return 'refused';
    }
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.subject, ...this.keys },
        TTL: TTL_SECONDS,
        urgency: 'high',
        // A message not yet delivered is replaced by the next one of the same chat or kind.
        topic: topicOf(payload.tag),
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        redirect: 'error',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await res.body?.cancel();
      if (res.status === 404 || res.status === 410) {
        await this.remove(sub);
        return 'gone';
      }
      if (res.ok) return 'sent';
      this.log.warn({ status: res.status, memberId: sub.memberId }, 'push service refused a message');
      return 'failed';
    } catch (err) {
      this.log.warn({ err, memberId: sub.memberId }, 'push service unreachable');
      return 'failed';
    }
  }

  private async remove(sub: StoredSubscription) {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
  }
}

/** The Topic header allows 32 base64url characters. */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
