// Every number of the product's rules, named. Nothing else in the codebase may repeat these values.

export const PHOTO_LIMIT_FREE = 3;
export const PHOTO_LIMIT_PREMIUM = 25;
export const FREE_CHAT_STARTS = 2;
export const SWIPE_GAME_LIKES_PER_DAY = 4;
export const REACTIVATION_DAYS = 14;
export const MIN_AGE = 18;
export const MAX_AGE = 99;
/**
 * Years the first search of a member reaches beyond each end of the ages they seek: the seeking
 * range is set from their own age at signup, and a narrow start finds nobody on a young site.
 */
export const SEARCH_START_AGE_MARGIN = 10;

export const WELCOME_DISCOUNT_PERCENT = 25;
export const TIME_BONUS_PERCENT = 25;
export const TIME_BONUS_CODE = 'TIMEBONUS25';
export const TIME_BONUS_SECONDS = 14_400;
export const TIME_BONUS_TICK_MS = 1_000;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const MATCH_MODAL_ANIMATION_DELAY_S = 0.75;
export const LIKES_RELOAD_AFTER_AUTO_LIKE_MS = 500;

export const REFRESH_INTERVAL_MS = 60_000;
export const REFRESH_INTERVAL_PUSH_MS = 300_000;
export const FIRST_REFRESH_DELAY_MS = 5_000;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5_000;
export const REQUEST_RETRIES = 5;
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;

export const UNREAD_BADGE_CAP = 99;
export const CREDIT_BADGE_THRESHOLD = 10;

export const LOCALE_COOKIE_DAYS = 365;
export const AUTH_COOKIE_DAYS = 30;
export const LOCALE_COOKIE = 'i18n_locale';
export const AUTH_COOKIE = 'auth';
export const COUNTRY_COOKIE = 'country';
/** The traffic source a visitor came with, kept where the server drawing their next page reads it. */
export const TRACKING_COOKIE = 'tracking';
export const TRACKING_COOKIE_DAYS = 365;

export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nl';
export const DATE_LOCALE_DEFAULT: Locale = 'nl';

/** The likes list's tabs (/likes/:type): likes received, given, and both ways. */
export const LIKE_TYPES = ['received', 'given', 'matches'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

export const NICHES = { 1: 'plain', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const;
export type Niche = keyof typeof NICHES;

export const TERMS_VERSION_DEFAULT = '2023-12-01T12:00:00Z';

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

// Budgets of the first route.
export const FIRST_ROUTE_JS_BUDGET_GZIP = 120 * 1024;
export const FIRST_ROUTE_CSS_BUDGET_GZIP = 20 * 1024;

// Members shown to a logged-out visitor on the home page (a multiple of the grid's 2, 4 and 6 columns).
export const SHOWCASE_SIZE = 12;

// Results per page of the member search (a multiple of the grid's 2, 3 and 4 columns).
export const SEARCH_PAGE_SIZE = 24;

// Results counts above this are shown as "1000+".
export const COUNT_CAP = 1000;

// A member active within this many minutes counts as online (search order, the online dot).
export const ONLINE_MINUTES = 5;

// Chat: chosen to fit a phone screen and a fair use.
/** Messages per page of a conversation's history (newest page first). */
export const CHAT_PAGE_SIZE = 30;
/** Chats answered by GET /api/chats.php, most recent first. */
export const CHATS_LIST_CAP = 500;
/** A free member sees this many newest messages of a conversation; older ones are hidden. */
export const CHAT_HISTORY_LIMIT_FREE = 100;
/**
 * Sends per member per minute before 429: two a second, which a person typing (even in short bursts
 * over several chats) does not reach and a script does.
 */
export const MESSAGES_PER_MINUTE = 120;
/** Messages a reconnecting client may catch up in one answer; more means it reloads the page of history. */
export const CHAT_CATCH_UP_CAP = 200;
/** The typing indicator shows this long after the last typing event. */
export const TYPING_INDICATOR_MS = 4_000;
/** Reconnect backoff of the chat socket: doubling from the base up to the cap, with full jitter. */
export const SOCKET_RETRY_BASE_MS = 500;
export const SOCKET_RETRY_MAX_MS = 30_000;

/** The welcome discount holds this long after signup for a member who has not paid. */
export const WELCOME_DISCOUNT_HOURS = 48;
export const WELCOME_DISCOUNT_CODE = 'WELCOME25';
/** Direct debit ("limit reached"): what one member may have collected per 30 days, in cents. */
export const DIRECT_DEBIT_LIMIT_CENTS = 15_000;
export const DIRECT_DEBIT_LIMIT_DAYS = 30;
/** The SMS code of the direct-debit form: digits, minutes valid, tries, codes per member per hour. */
export const SMS_CODE_DIGITS = 6;
export const SMS_CODE_MINUTES = 10;
export const SMS_CODE_ATTEMPTS = 5;
export const SMS_CODES_PER_HOUR = 3;
/** Payments a member may start per hour: plenty for retries, too few to flood a provider. */
export const PAYMENTS_PER_HOUR = 20;

// E-mail notifications: chosen for a mailbox that is not flooded.
/**
 * Events of one kind for one member within this window after the first one make one mail: a burst
 * of messages is one mail, and a member hears of a message within minutes.
 */
export const NOTIFICATION_BATCH_WINDOW_MS = 5 * 60_000;
/**
 * A member counts as present (and gets no mail about what they see arrive) while their last
 * activity is this recent and no page-hidden beacon came after it: a visible page asks the server
 * at least every REFRESH_INTERVAL_PUSH_MS, and activity is written at most once a minute.
 */
export const PRESENCE_WINDOW_MS = REFRESH_INTERVAL_PUSH_MS + 60_000;
/** An unread message waits this long before a reminder mentions it. */
export const UNREAD_REMINDER_AFTER_HOURS = 6;
/** At most one unread-message reminder per member in this many hours. */
export const UNREAD_REMINDER_EVERY_HOURS = 24;
/** The weekly update: at most once in this many days, first after a member's first week. */
export const WEEKLY_UPDATE_DAYS = 7;
/** How long the unsubscribe link of a notification mail works. */
export const UNSUBSCRIBE_LINK_DAYS = 60;

// Trust and safety, and the operator console: chosen for a site open
// to the public: tight for new accounts (where scammers come from), loose for members who proved
// an address and a face.
/** Staff sessions end after this long without a console call… */
export const STAFF_SESSION_IDLE_MINUTES = 30;
/** …and this long after the login in any case. */
export const STAFF_SESSION_MAX_HOURS = 8;
/** Failed staff logins per account and per address in a quarter of an hour before 429. */
export const STAFF_LOGIN_ATTEMPTS = 5;
export const STAFF_LOGIN_WINDOW_MINUTES = 15;
/** An account this young counts as new for the conversation limits below. */
export const NEW_ACCOUNT_DAYS = 30;
/** New conversations a new account may open per day (a rolling 24 h)… */
export const NEW_CONVERSATIONS_PER_DAY = 3;
/** …after confirming its e-mail and with an approved profile photo… */
export const NEW_CONVERSATIONS_PER_DAY_VERIFIED = 10;
/** …and any account after an upheld report against it (for REPORT_PENALTY_DAYS). */
export const NEW_CONVERSATIONS_PER_DAY_REPORTED = 1;
export const REPORT_PENALTY_DAYS = 30;
/**
 * A new account's first messages in each chat are screened for contact details and payment handles
 * (a scammer's opener moves the chat off the site within a few lines, not always in the first).
 */
export const SCREENED_FIRST_MESSAGES = 3;
/** Open reports from this many different members hide a profile from search until a moderator decides. */
export const OPEN_REPORTS_TO_HIDE = 3;
/** Chat messages a report may carry as evidence (the member's choice, or the chat's last ones). */
export const REPORT_EVIDENCE_MAX = 20;
/** Reports one member may file per day (abuse of the report button is abuse too). */
export const REPORTS_PER_DAY = 20;
/** The longest suspension a moderator can give, in days (longer is a ban). */
export const SUSPENSION_MAX_DAYS = 365;
/** Credits an admin may add or take in one adjustment. */
export const CREDIT_ADJUSTMENT_MAX = 100_000;
// The console's sites, prices and codes: bounds an admin's edit must keep.
/** A package's price in cents of any currency (100 000 € at most: a typo, not a price, above). */
export const PACKAGE_PRICE_MIN_CENTS = 1;
export const PACKAGE_PRICE_MAX_CENTS = 10_000_000;
/** Credits in one package. */
export const PACKAGE_CREDITS_MAX = 100_000;
/** Credits one action (a message, a photo, a gift) or a signup may cost or give. */
export const ACTION_CREDITS_MAX = 1_000;
/** A site's message_length: at least a sentence, at most what a message may carry (common/api/chats.ts). */
export const MESSAGE_LENGTH_MIN = 20;
export const MESSAGE_LENGTH_MAX = 10_000;
/** The refund window a site may promise, in days. */
export const REFUND_DAYS_MAX = 365;
/** A discount code's maximum number of uses. */
export const DISCOUNT_CODE_USES_MAX = 1_000_000;
