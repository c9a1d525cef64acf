import { z } from 'zod';
import type { NotificationKind } from './settings-account';

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it (the Push API): where the
 * browser's push service takes messages for it, and the keys a message is encrypted to (RFC 8291).
 */
export const pushSubscription = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      /** The browser's P-256 public key, uncompressed (65 bytes), base64url. */
      p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
      /** The 16-byte authentication secret, base64url. */
      auth: z.string().regex(/^[A-Za-z0-9_-]{22,24}={0,2}$/),
    }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionBody = z.infer<typeof pushSubscription>;

/** POST /api/user.php?push=1: the subscription of this browser for the logged-in member. */
export const pushRegisterRequest = z.object({ subscription: pushSubscription });
/** DELETE /api/user.php?push=1: the browser gave its subscription up (the member turned push off). */
export const pushRemoveRequest = z.object({ endpoint: z.string().max(2048) });
/** Either call's answer. */
export const pushResponse = z.object({ ok: z.literal(true) });

/** The kinds a member can have pushed; the others (promotions, weekly updates, news) go by e-mail only. */
export const PUSH_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'reminders',
] as const satisfies readonly NotificationKind[];
export type PushKind = (typeof PUSH_KINDS)[number];

/**
 * What a push message carries (JSON, encrypted): the push worker shows `title` and `body`, and a
 * tap opens `url` (a path of the member's site). Pushes with the same `tag` replace each other, so a
 * burst from one chat is one notification. `count` is the member's unread messages plus new likes,
 * for the app badge.
 */
export type PushPayload = {
  kind: PushKind;
  title: string;
  body: string;
  url: string;
  tag: string;
  count: number;
};
