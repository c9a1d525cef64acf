import { z } from 'zod';
import { enteredPassword } from '../rules/password';
import { accountToken } from './account-mail';
import { emailAddress, keysetCursor } from './fields';
import { memberId, profileCard } from './profile';
import { PUSH_KINDS, type PushKind } from './push';

/** The notification preference kinds. */
export const NOTIFICATION_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Channels a member can choose per kind: e-mail for every kind, push for PUSH_KINDS. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels of a kind, e-mail first. */
export const channelsOf = (kind: NotificationKind): readonly NotificationChannel[] =>
  (PUSH_KINDS as readonly NotificationKind[]).includes(kind) ? NOTIFICATION_CHANNELS : ['email'];

/** Why e-mail to a member is switched off: a spam flag, a bounce, an unsubscribe via the mail program. */
export const EMAIL_OFF_REASONS = ['spam', 'bounce', 'unsubscribe'] as const;

/** The kinds "fewer notifications" keeps: mail about people who want to talk to the member. */
export const ESSENTIAL_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'new_conversations',
  'new_messages',
  'like',
];

const emailOnly = z.object({ email: z.boolean() }).strict();
const emailAndPush = z.object({ email: z.boolean(), push: z.boolean() }).strict();
type KindShape = { [K in NotificationKind]: K extends PushKind ? typeof emailAndPush : typeof emailOnly };
const kindShape = Object.fromEntries(
  NOTIFICATION_KINDS.map((k) => [k, channelsOf(k).includes('push') ? emailAndPush : emailOnly]),
) as KindShape;
/** An update names the channels it changes; the others keep their value. */
const patchShape = Object.fromEntries(
  NOTIFICATION_KINDS.map((k) => [k, (channelsOf(k).includes('push') ? emailAndPush : emailOnly).partial()]),
) as {
  [K in NotificationKind]: K extends PushKind
    ? ReturnType<typeof emailAndPush.partial>
    : ReturnType<typeof emailOnly.partial>;
};

/** Every kind with every channel, as the member has them (absent in the database = on). */
export const notificationSettings = z.object(kindShape).strict().meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationsResponse = z.object({
  notifications: z.object({
    settings: notificationSettings,
    /** Non-empty when e-mail is off whatever the settings say. */
    email_disabled: z.array(z.string()),
  }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** PUT /api/notifications.php: the kinds to change; kinds left out keep their value. */
export const notificationsUpdate = z.object({
  settings: z.object(patchShape).partial().strict(),
});
export type NotificationsUpdate = z.infer<typeof notificationsUpdate>;

export const accountSettings = z
  .object({
    invisible: z.boolean(),
  })
  .meta({ id: 'AccountSettings' });

export const accountResponse = z.object({ account: accountSettings });
export type AccountResponse = z.infer<typeof accountResponse>;

export const accountUpdate = z.object({ invisible: z.boolean() }).strict();

/** POST /api/account-pause.php: invisible and no e-mail, in one step, as the deletion flow offers. */
export const pauseResponse = accountResponse.extend(notificationsResponse.shape);

export const blockedMember = z.object({
  profile: profileCard.pick({ id: true, name: true, main_image: true }),
  blocked_at: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMember>;

export const blocksQuery = z.object({
  cursor: keysetCursor.optional(),
});
export const blocksResponse = z.object({
  blocks: z.array(blockedMember),
  /** Pass back as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type BlocksResponse = z.infer<typeof blocksResponse>;

export const blockRequest = z.object({ member_id: memberId }).strict();
/** Whether the named member is blocked by the asking member after the call. */
export const blockResponse = z.object({ blocked: z.boolean() });

/** The reasons of the account deletion flow. */
export const DELETION_REASONS = [
  'found_partner',
  'no_matches',
  'too_many_emails',
  'too_expensive',
  'privacy',
  'taking_break',
  'bad_experience',
  'other',
] as const;

export const DELETION_COMMENT_MAX = 500;

export const accountDeletion = z
  .object({
    reason: z.enum(DELETION_REASONS, { error: 'validation.deletionReason' }),
    comment: z.string().trim().max(DELETION_COMMENT_MAX, 'validation.commentLength').optional(),
    password: enteredPassword,
  })
  .strict();
export type AccountDeletion = z.infer<typeof accountDeletion>;

export const accountDeletedResponse = z.object({
  deleted: z.literal(true),
  /** How long a link in the mail can bring the account back. */
  reactivation_days: z.number().int(),
});

/** POST /api/reactivate.php: the token of the reactivation mail brings the account back and logs in. */
export const reactivation = z.object({ token: accountToken }).strict();
export const reactivationResponse = z.object({ reactivated: z.literal(true) });

/** POST /api/reactivation-mail.php: asks for a new reactivation mail; the answer never says whether the address has an account. */
export const reactivationMailRequest = z.object({ email: emailAddress }).strict();
export type ReactivationMailRequest = z.infer<typeof reactivationMailRequest>;
