import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../common/api/admin/staff';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES } from '../../common/api/complaints';
import { CREDIT_REASONS } from '../../common/api/credits';
import { PAYMENT_STATUSES } from '../../common/api/payments';
import {
  type ModerationAction,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECTS,
  type ReportEvidence,
} from '../../common/api/reports';
import { NOTIFICATION_KINDS } from '../../common/api/settings-account';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  MEMBER_STATUSES,
  PROFILE_STATUSES,
  REASONS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  TATTOOS,
} from '../../common/profile-options';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const genderEnum = pgEnum('gender', GENDERS);
export const sexualityEnum = pgEnum('sexuality', SEXUALITIES);
export const relationshipStatusEnum = pgEnum('relationship_status', RELATIONSHIP_STATUSES);
export const hairColourEnum = pgEnum('hair_colour', HAIR_COLOURS);
export const eyeColourEnum = pgEnum('eye_colour', EYE_COLOURS);
export const bodyTypeEnum = pgEnum('body_type', BODY_TYPES);
export const tattoosEnum = pgEnum('tattoos', TATTOOS);
export const reasonEnum = pgEnum('reason', REASONS);
export const profileStatusEnum = pgEnum('profile_status', PROFILE_STATUSES);
export const memberStatusEnum = pgEnum('member_status', MEMBER_STATUSES);
export const photoStatusEnum = pgEnum('photo_status', ['pending', 'approved', 'rejected']);
export const tokenKindEnum = pgEnum('token_kind', [
  'activation',
  'password_reset',
  'email_change',
  'reactivation',
]);

export const companies = pgTable('companies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  postalCode: text('postal_code').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: jsonb('tradenames').$type<string[]>().notNull(),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull(),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: smallint('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull(),
});

/** One row per domain served. `settings` holds the operator's settings; see server/services/sites/sites.ts. */
export const sites = pgTable('sites', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  domain: text('domain').notNull().unique(),
  aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
  isDefault: boolean('is_default').notNull().default(false),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const interests = pgTable('interests', {
  id: smallint('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  icon: text('icon').notNull(),
});

export const regions = pgTable(
  'regions',
  {
    country: text('country').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.code] })],
);

export const members = pgTable(
  'members',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    status: memberStatusEnum('status').notNull().default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    language: text('language').notNull(),
    invisible: boolean('invisible').notNull().default(false),
    /** Why e-mail to this member is switched off: 'spam', 'bounce', 'unsubscribe'. */
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    /** Per notification kind and channel, what the member allows; absent = the default (on). */
    notificationSettings: jsonb('notification_settings')
      .$type<Record<string, { email?: boolean; push?: boolean }>>()
      .notNull()
      .default({}),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    deletionReason: text('deletion_reason'),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /** The page-hidden beacon (POST /api/page-hidden.php): absent since then unless active again (services/notifications/channel.ts). */
    pageHiddenAt: timestamp('page_hidden_at', { withTimezone: true }),
    /** The last unread-message reminder mail, for its cadence (services/notifications/reminders.ts). */
    unreadReminderAt: timestamp('unread_reminder_at', { withTimezone: true }),
    /** The last weekly update, sent or found empty (services/notifications/weekly.ts). */
    weeklyUpdateAt: timestamp('weekly_update_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A moderator's suspension for a time: status is 'suspended' until then, and the next
     * login after it gives the account back. A ban is 'suspended' without an end (and a `bans` row).
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Hidden from search while open reports from several members wait for a moderator. */
    hiddenByReports: boolean('hidden_by_reports').notNull().default(false),
    /** The address of the last signup or login: what a ban "by address" bans. */
    lastIp: text('last_ip'),
  },
  (t) => [
    uniqueIndex('members_site_email').on(t.siteId, sql`lower(${t.email})`),
    // The console's member search by e-mail prefix, on any site: byte order ("C"), so a
    // prefix is one range of the index whatever the database's collation, and a page is keyset.
    index('members_email_search').on(sql`lower(${t.email}) collate "C"`, t.id),
    // The weekly job's look-up of members due (never sent, or a week ago).
    index('members_weekly_update').on(t.weeklyUpdateAt),
    // The console's figures: signups per site and day, and per traffic source.
    index('members_site_signup').on(t.siteId, t.signupDate),
    check('members_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    gender: genderEnum('gender').notNull(),
    sexuality: sexualityEnum('sexuality').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    relationshipStatus: relationshipStatusEnum('relationship_status'),
    hairColour: hairColourEnum('hair_colour'),
    eyeColour: eyeColourEnum('eye_colour'),
    bodyType: bodyTypeEnum('body_type'),
    tattoos: tattoosEnum('tattoos'),
    reason: reasonEnum('reason'),
    about: text('about').notNull().default(''),
    country: text('country').notNull(),
    regionCode: text('region_code'),
    status: profileStatusEnum('status').notNull().default('disabled'),
    mainPhotoId: bigint('main_photo_id', { mode: 'number' }),
    seekingGender: genderEnum('seeking_gender'),
    seekingMinAge: smallint('seeking_min_age'),
    seekingMaxAge: smallint('seeking_max_age'),
    fictional: boolean('fictional').notNull().default(false),
    /*
     * Copies kept right by triggers (migration 0003_search), so that the member search walks one
     * index in its result order instead of joining members and photos for a million rows:
     * `searchable` = the member policy's `shown` (services/policies/member.ts: account active, not
     * deleted, not invisible, not hidden by reports, profile active; migrations 0003 and 0015),
     * `hasPhoto` = the main photo is approved, `lastActiveAt` = members.last_active_at to the
     * millisecond (so that a cursor, which carries it, compares exactly). The search still applies
     * the policy itself to the rows it returns.
     */
    searchable: boolean('searchable').notNull().default(false),
    hasPhoto: boolean('has_photo').notNull().default(false),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    // Search order: members with a photo first, then the most recently active, then id (keyset).
    // The filters not in the prefix (gender, age, region) are index conditions checked inside the
    // index while it is walked in that order, so a page reads no heap row it does not return.
    const order = [t.hasPhoto, t.lastActiveAt, t.memberId] as const;
    const searchable = sql`${t.searchable}`;
    return [
      // The console's member search by name prefix, like members_email_search.
      index('profiles_name_search').on(sql`lower(${t.name}) collate "C"`, t.memberId),
      index('profiles_search')
        .on(t.siteId, t.country, ...order, t.gender, t.birthDate)
        .where(searchable),
      index('profiles_search_region')
        .on(t.siteId, t.country, t.regionCode, ...order, t.gender, t.birthDate)
        .where(searchable),
      index('profiles_search_site')
        .on(t.siteId, ...order, t.country, t.gender, t.birthDate)
        .where(searchable),
    ];
  },
);

export const profileInterests = pgTable(
  'profile_interests',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    interestId: smallint('interest_id')
      .notNull()
      .references(() => interests.id),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.interestId] })],
);

export const photos = pgTable(
  'photos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Storage keys are random; the same image may back several demo photos. */
    originalKey: text('original_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    blurredKey: text('blurred_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    premium: boolean('premium').notNull().default(false),
    status: photoStatusEnum('status').notNull().default('pending'),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
    /** When a moderator looked at it: null = in the moderation queue. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why a moderator rejected it (a catalog key `moderation.photoReasons.<code>`). */
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    index('photos_member').on(t.memberId, t.position),
    index('photos_unreviewed').on(t.createdAt).where(sql`${t.reviewedAt} is null`),
  ],
);

export const creditReasonEnum = pgEnum('credit_reason', CREDIT_REASONS);

/**
 * Every credits change, written in the same transaction as members.credits: by changeBalance
 * (services/money/ledger.ts), and for chat sends by the send statement. Reasons: common/api/credits.ts.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: creditReasonEnum('reason').notNull(),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_member').on(t.memberId, t.id),
    check('credit_ledger_balance_nonnegative', sql`${t.balanceAfter} >= 0`),
    // A payment's credits are granted once: a second grant for the same payment cannot be written.
    uniqueIndex('credit_ledger_purchase').on(t.reference).where(sql`${t.reason} = 'purchase'`),
  ],
);

/** A login session; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_member').on(t.memberId)],
);

/**
 * Single-use links sent by mail (activation, password reset, e-mail change, reactivation): the
 * mail carries a random token, the table only its SHA-256, its expiry and when it was used.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: tokenKindEnum('kind').notNull(),
    /** The new address, for an e-mail change. */
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_member').on(t.memberId, t.kind)],
);

/**
 * Fixed-window counters for rate limits and login throttling, in the database so that every
 * instance counts together (infra/rate-limit.ts).
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** A member who blocked another; the discovery issue adds the action, settings list them. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked').on(t.blockedId)],
);

/**
 * A like from one member to another. A match is a like both ways. `seenAt` is null while the liked
 * member has not seen it (the new-like badge, `like_new`, auto-like); opening the liker's profile
 * or the likes list sets it. Blocking deletes the likes between the two members.
 */
export const likes = pgTable(
  'likes',
  {
    likerId: bigint('liker_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    likedId: bigint('liked_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /**
     * When the liker saw the match moment of this like (both ways): set at once for the member whose
     * like made the match (their like's answer shows it); null on the other side until they saw it.
     */
    matchSeenAt: timestamp('match_seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    index('likes_liked').on(t.likedId, t.createdAt),
    index('likes_liker').on(t.likerId, t.createdAt),
  ],
);

/**
 * Every card decided in the swipe game (a like or a pass), so that the stack never shows a card
 * twice and the day's likes can be counted on the server (4 per day).
 */
export const swipes = pgTable(
  'swipes',
  {
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    targetId: bigint('target_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    liked: boolean('liked').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.targetId] }),
    index('swipes_member_day').on(t.memberId, t.createdAt),
  ],
);

/**
 * A page bounce reported by the `lb` query: where, on which site, from which
 * tracking network, for reporting per network and lander.
 */
export const pageBounces = pgTable(
  'page_bounces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    path: text('path').notNull(),
    /** common/rules/landers.ts `landerOf(path)`, kept so reports can group without parsing paths. */
    lander: text('lander'),
    network: text('network'),
    createdAt: createdAt(),
  },
  (t) => [index('page_bounces_site_day').on(t.siteId, t.createdAt)],
);

/**
 * A visitor's first page of a visit: where they landed and the traffic source it came
 * with, for visits, bounces and signups per network and lander. Members' pages are not visits.
 */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    path: text('path').notNull(),
    lander: text('lander').notNull(),
    network: text('network'),
    ref: text('ref'),
    sub1: text('sub1'),
    sub2: text('sub2'),
    sub3: text('sub3'),
    createdAt: createdAt(),
  },
  (t) => [index('page_visits_site_day').on(t.siteId, t.createdAt)],
);

export const messageKindEnum = pgEnum('message_kind', ['text', 'photo', 'gift']);

/**
 * A chat between two members of one site: `member_low` < `member_high`, so a pair has one
 * conversation whoever starts it. `started_by` counts the chats a free member started.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberLow: bigint('member_low', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    memberHigh: bigint('member_high', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    startedBy: bigint('started_by', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair').on(t.memberLow, t.memberHigh),
    index('conversations_high').on(t.memberHigh),
    index('conversations_started_by').on(t.startedBy),
    check('conversations_ordered_pair', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/**
 * One side of a conversation: what this member has read, how many messages wait unread, and where
 * the chat sits in their list. Removing a chat hides it (`removed`) and hides the history up to
 * then (`cleared_up_to`); a new message brings the chat back with only what came after.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    otherMemberId: bigint('other_member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** The newest message this member has read (read receipts for the other side). */
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }),
    /** Messages with an id up to this one are hidden for this member (a removed chat). */
    clearedUpTo: bigint('cleared_up_to', { mode: 'number' }).notNull().default(0),
    removed: boolean('removed').notNull().default(false),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    index('conversation_members_list').on(t.memberId, t.lastMessageAt).where(sql`not ${t.removed}`),
    // The reminder job's look-up of members with messages waiting.
    index('conversation_members_unread').on(t.memberId).where(sql`${t.unreadCount} > 0 and not ${t.removed}`),
    index('conversation_members_other').on(t.memberId, t.otherMemberId),
    check('conversation_members_unread_nonnegative', sql`${t.unreadCount} >= 0`),
  ],
);

/** A gift members can send in a chat; names are catalog keys `gifts.<slug>`. */
export const gifts = pgTable(
  'gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    /** Credits for this gift; null = the site's gift_credits. */
    credits: integer('credits'),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('gifts_slug').on(t.slug), check('gifts_credits_nonnegative', sql`${t.credits} >= 0`)],
);

/**
 * A chat message. `client_id` is generated by the sender's browser: a retried send with the same
 * id finds the message already saved instead of charging twice. `credits` is what it cost.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    kind: messageKindEnum('kind').notNull().default('text'),
    body: text('body').notNull().default(''),
    /** Photo messages: storage keys of the renditions, processed like profile photos. */
    photoKey: text('photo_key'),
    photoThumbKey: text('photo_thumb_key'),
    giftId: integer('gift_id').references(() => gifts.id),
    credits: integer('credits').notNull(),
    createdAt: createdAt(),
    /** A first message of a new account carrying contact details or links: in the moderation queue. */
    flagged: boolean('flagged').notNull().default(false),
  },
  (t) => [
    uniqueIndex('messages_client').on(t.senderId, t.clientId),
    index('messages_conversation').on(t.conversationId, t.id),
    // The console's figures: messages per day.
    index('messages_created').on(t.createdAt),
  ],
);

export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

/** A credit bundle a site sells. `prices`: cents per currency (EUR, GBP…); the payment country picks one. */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    credits: integer('credits').notNull(),
    prices: jsonb('prices').$type<Record<string, number>>().notNull(),
    /** Prices for one country (cents of that country's currency), before `prices` by currency. */
    countryPrices: jsonb('country_prices').$type<Record<string, number>>().notNull().default({}),
    popular: boolean('popular').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('credit_packages_site_credits').on(t.siteId, t.credits),
    check('credit_packages_credits_positive', sql`${t.credits} > 0`),
  ],
);

/**
 * A purchase: what was bought for what amount (from the package table, never the client), through
 * which provider. `credited_at` is set in the transaction that grants the credits, once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Kept (as null) when an account is purged: payments are bookkeeping. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    method: text('method').notNull(),
    issuer: text('issuer'),
    discountCode: text('discount_code'),
    discountPercentage: smallint('discount_percentage').notNull().default(0),
    recurring: boolean('recurring').notNull().default(false),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    status: paymentStatusEnum('status').notNull().default('open'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A refund an admin made through the provider: how much, when. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_id').on(t.provider, t.providerPaymentId),
    index('payments_member').on(t.memberId, t.createdAt),
    // A code's uses (the console's list, a code's maximum): the payments of a site with that code.
    index('payments_discount_code').on(t.siteId, t.discountCode).where(sql`${t.discountCode} IS NOT NULL`),
    // The console's figures: purchases and revenue per site and day, refunds by their day.
    index('payments_site_paid').on(t.siteId, t.paidAt).where(sql`${t.status} = 'paid'`),
    index('payments_site_refunded').on(t.siteId, t.refundedAt).where(sql`${t.refundedAt} is not null`),
    check('payments_amount_nonnegative', sql`${t.amount} >= 0`),
  ],
);

/** Every state a payment went through, and what told us (create, webhook, poll). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    status: paymentStatusEnum('status').notNull(),
    source: text('source').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_payment').on(t.paymentId, t.id)],
);

/** A discount code. Empty `payment_methods` = every method. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    code: text('code').notNull(),
    country: text('country'),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }),
    valuePercentage: smallint('value_percentage').notNull(),
    currency: text('currency'),
    minimumOrderValue: integer('minimum_order_value').notNull().default(0),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    validity: text('validity').$type<'once_per_user' | 'unlimited'>().notNull().default('once_per_user'),
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    /** Paid payments the code may lower in all (the console); null = no limit. */
    maxUses: integer('max_uses'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_site_code').on(t.siteId, t.code),
    check('discount_codes_max_uses_positive', sql`${t.maxUses} > 0`),
    check('discount_codes_percentage', sql`${t.valuePercentage} between 1 and 100`),
  ],
);

/** The demo provider's own payments: in the database, so its checkout works on every instance. */
export const demoPayments = pgTable('demo_payments', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  status: paymentStatusEnum('status').notNull().default('open'),
  /** Pending-then-paid: the moment it turns paid. */
  paidAfter: timestamp('paid_after', { withTimezone: true }),
  /** What the console refunded of it: never more than `amount`. */
  refundedAmount: integer('refunded_amount').notNull().default(0),
  /** When the tester charged a paid payment back (the member's bank reversed it). */
  chargedBackAt: timestamp('charged_back_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A bank account refused for direct debit (a reversal, fraud): "account blocked". Added by staff in
 * the console (`staffId`, with their reason) or by a chargeback the provider reported (`paymentId`).
 */
export const directDebitBlocks = pgTable('direct_debit_blocks', {
  iban: text('iban').primaryKey(),
  reason: text('reason').notNull(),
  staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
  paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * The first message a visitor wrote on a member landing when signing up: sent to that member
 * once the new account is activated; when the rules refuse it then (no credits, say), it stays
 * here as the draft of that chat's composer until the chat begins.
 */
export const signupMessages = pgTable('signup_messages', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  recipientId: bigint('recipient_id', { mode: 'number' })
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

/** A direct-debit mandate: the account the member let us collect from, confirmed by an SMS code. */
export const directDebitMandates = pgTable(
  'direct_debit_mandates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('direct_debit_mandates_member').on(t.memberId)],
);

/** An SMS code sent to confirm a mandate: only its hash, for one phone, with a deadline and tries left. */
export const smsCodes = pgTable('sms_codes', {
  memberId: bigint('member_id', { mode: 'number' })
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attemptsLeft: smallint('attempts_left').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * The notification outbox: events for a member (a first message, further messages, a like),
 * coalesced per member and kind into one open batch, due the batch window (NOTIFICATION_BATCH_SECONDS) after its
 * first event. A worker claims due batches (deletes them) and sends one mail per batch. `actorIds`
 * are the members behind the events, most recent first, without repeats (capped).
 */
export const notificationBatches = pgTable(
  'notification_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    eventCount: integer('event_count').notNull(),
    actorIds: bigint('actor_ids', { mode: 'number' }).array().notNull(),
    firstEventAt: timestamp('first_event_at', { withTimezone: true }).notNull(),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('notification_batches_open').on(t.memberId, t.kind),
    index('notification_batches_due').on(t.dueAt),
  ],
);

/**
 * The one-click unsubscribe link of a notification mail (RFC 8058): the mail carries a random
 * token, the table its SHA-256, bound to the member and the kind it turns off; single use, expiring.
 */
export const unsubscribeTokens = pgTable(
  'unsubscribe_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('unsubscribe_tokens_member').on(t.memberId),
    index('unsubscribe_tokens_expiry').on(t.expiresAt),
  ],
);

/**
 * Who got a mail of an operator's campaign (promotions, news, reminders): a campaign run again
 * after a crash, or twice, mails nobody twice.
 */
export const campaignSends = pgTable(
  'campaign_sends',
  {
    campaignId: text('campaign_id').notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.memberId] }), index('campaign_sends_member').on(t.memberId)],
);

/**
 * The browsers a member gets push messages in (the Push API, RFC 8030/8291): where the browser's
 * push service takes them and the keys they are encrypted to. One row per endpoint: logging in as
 * someone else in the same browser moves the subscription to them. A push service's 404/410 removes
 * it, and so does the end of the session it came with.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /**
     * The login it was registered under: a browser gets the member's pushes only while it is logged
     * in as them, so logging out there (or everywhere, a password change) takes it away.
     */
    sessionTokenHash: text('session_token_hash').references(() => sessions.tokenHash, {
      onDelete: 'cascade',
    }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    /** The last time the push service took a message for it. */
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_member').on(t.memberId),
  ],
);

export const complaintCategoryEnum = pgEnum('complaint_category', COMPLAINT_CATEGORIES);
export const complaintStatusEnum = pgEnum('complaint_status', COMPLAINT_STATUSES);

/**
 * A complaint from the complaints form, for the operator console. `memberId`
 * is set when a member filed it (their account's name and address are copied, so the complaint
 * stays readable after the account is gone). `reference` is what the mails quote. No address of
 * the sender is kept: the rate limits need none beyond their hour. `forwardedAt` is set once the
 * support address took the mail, so a complaint whose mail failed can be found and sent again.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    category: complaintCategoryEnum('category').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    language: text('language').notNull(),
    status: complaintStatusEnum('status').notNull().default('new'),
    /** The console's note on how it was handled. */
    staffNote: text('staff_note'),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    createdAt: createdAt(),
    forwardedAt: timestamp('forwarded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('complaints_reference').on(t.reference),
    // The console's list: a site's complaints by state, newest first.
    index('complaints_site_status').on(t.siteId, t.status, t.createdAt),
    index('complaints_member').on(t.memberId),
  ],
);

export const staffRoleEnum = pgEnum('staff_role', STAFF_ROLES);

/**
 * The people who run the sites: not members, with their own login (a password and a
 * TOTP second factor) and short sessions. `totpLastStep` is the last time step a code was accepted
 * in, so a code seen over a shoulder cannot be used again.
 */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: staffRoleEnum('role').notNull(),
    totpSecret: text('totp_secret').notNull(),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email').on(sql`lower(${t.email})`)],
);

/** A staff login: the cookie holds a random token, the table its SHA-256. Separate from members' sessions. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff').on(t.staffId)],
);

/**
 * Every staff action: who, when, what, on what and why. Append-only: a trigger of
 * migration 0011 refuses UPDATE and DELETE, and the console has no call that writes here but the
 * actions themselves.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the system's own actions (an automatic flag). */
    staffId: integer('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    siteId: integer('site_id').references(() => sites.id),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_target').on(t.targetType, t.targetId)],
);

export const reportSubjectEnum = pgEnum('report_subject', REPORT_SUBJECTS);
export const reportReasonEnum = pgEnum('report_reason', REPORT_REASONS);
export const reportStatusEnum = pgEnum('report_status', REPORT_STATUSES);

/**
 * A report of a member, a photo or messages (the DSA's notice and action). `evidence` is a
 * copy of the messages the reporter chose, so it survives a removed chat or a deleted account.
 * `reporterId` is null for the system's own reports (a flagged first message). The decision
 * (`action`, `decisionReason`) is what the statement of reasons and the reporter's notice say.
 */
export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => members.id, {
      onDelete: 'set null',
    }),
    reportedId: bigint('reported_id', { mode: 'number' }).references(() => members.id, {
      onDelete: 'set null',
    }),
    /** The reported profile's name when reported, for the lists once the account is gone. */
    reportedName: text('reported_name').notNull(),
    subject: reportSubjectEnum('subject').notNull(),
    photoId: bigint('photo_id', { mode: 'number' }).references(() => photos.id, { onDelete: 'set null' }),
    conversationId: bigint('conversation_id', { mode: 'number' }).references(() => conversations.id, {
      onDelete: 'set null',
    }),
    reason: reportReasonEnum('reason').notNull(),
    details: text('details').notNull().default(''),
    evidence: jsonb('evidence').$type<ReportEvidence[]>().notNull().default([]),
    automatic: boolean('automatic').notNull().default(false),
    status: reportStatusEnum('status').notNull().default('open'),
    action: text('action').$type<ModerationAction>(),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_queue').on(t.status, t.createdAt),
    index('reports_reported').on(t.reportedId, t.status),
    index('reports_reporter').on(t.reporterId, t.createdAt),
  ],
);

/**
 * What a member is told about a moderator's decision: a statement of reasons for an
 * action against them, the outcome of a report they made, a rejected photo. Texts come from the
 * catalogs in the member's language (`kind`, `action`, `reason`), with the moderator's own words.
 */
export const memberNotices = pgTable(
  'member_notices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'statement' | 'report_decision' | 'photo_rejected'>().notNull(),
    reportId: bigint('report_id', { mode: 'number' }).references(() => reports.id, { onDelete: 'set null' }),
    action: text('action').$type<ModerationAction>(),
    reason: text('reason'),
    note: text('note'),
    until: timestamp('until', { withTimezone: true }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('member_notices_member').on(t.memberId, t.createdAt)],
);

/** A banned e-mail address or network address: signup and login refuse it on every site. */
export const bans = pgTable(
  'bans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').$type<'email' | 'ip'>().notNull(),
    value: text('value').notNull(),
    memberId: bigint('member_id', { mode: 'number' }).references(() => members.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bans_value').on(t.kind, t.value)],
);

/** Members active on a day, per site (for the figures): one row per member and day they were seen. */
export const activeDays = pgTable(
  'active_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    memberId: bigint('member_id', { mode: 'number' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId] }), index('active_days_site_day').on(t.siteId, t.day)],
);

/**
 * A partner camera site's performer shown to members and visitors as a labelled promotion, never
 * as a member. Deleting sets `deletedAt` rather than removing the row, so its clicks stay in the
 * figures. Empty `countries` or `niches` mean every country or niche.
 */
export const promoProfiles = pgTable(
  'promo_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    name: text('name').notNull(),
    age: smallint('age').notNull(),
    text: text('text').notNull(),
    /** The partner's page with its tracking parameters; its host is on the site's allow-list. */
    url: text('url').notNull(),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    niches: smallint('niches').array().notNull().default(sql`'{}'::smallint[]`),
    activeFrom: timestamp('active_from', { withTimezone: true }),
    activeUntil: timestamp('active_until', { withTimezone: true }),
    /** Switched off by the operator: kept, not shown. */
    enabled: boolean('enabled').notNull().default(true),
    /** The picture's public renditions (storage keys), as member photos'. */
    pictureKey: text('picture_key'),
    thumbKey: text('thumb_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('promo_profiles_site').on(t.siteId).where(sql`${t.deletedAt} is null`),
    check('promo_profiles_age', sql`${t.age} between 18 and 99`),
  ],
);

/** The partner hosts a site's promo profiles may link to (the host itself or any subdomain of it). */
export const promoDomains = pgTable(
  'promo_domains',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    domain: text('domain').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.domain] })],
);

/**
 * Clicks through to a partner, counted per promo, site's day and the visitor's traffic network
 * ('' when none), for the figures.
 */
export const promoClicks = pgTable(
  'promo_clicks',
  {
    promoId: integer('promo_id')
      .notNull()
      .references(() => promoProfiles.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    day: date('day', { mode: 'string' }).notNull(),
    network: text('network').notNull().default(''),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.promoId, t.day, t.network] }),
    index('promo_clicks_site_day').on(t.siteId, t.day),
  ],
);
