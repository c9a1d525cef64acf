// Every number of SPEC §9, named. Nothing else in the codebase may repeat these values.

export const PHOTO_LIMIT_FREE = 3;
export const PHOTO_LIMIT_PREMIUM = 25;
export const FREE_CHAT_STARTS = 2;
export const SWIPE_GAME_LIKES_PER_DAY = 4;
export const REACTIVATION_DAYS = 14;
export const MIN_AGE = 18;
export const MAX_AGE = 99;

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

export const LOCALES = ['en', 'nl', 'de', 'it', 'fr', 'es', 'pl', 'da', 'fi', 'nb', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const FALLBACK_LOCALE: Locale = 'nl';
export const DATE_LOCALE_DEFAULT: Locale = 'nl';
export const DESIGN_VERSION = 2;

export const NICHES = { 1: 'plain', 2: 'she', 3: 'bdsm', 4: 'bbw', 5: 'gilf', 6: 'milf', 7: 'gay' } as const;
export type Niche = keyof typeof NICHES;

export const TERMS_VERSION_DEFAULT = '2023-12-01T12:00:00Z';

export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;

// Budgets of the first route (issue "Contract and budgets").
export const FIRST_ROUTE_JS_BUDGET_GZIP = 120 * 1024;
export const FIRST_ROUTE_CSS_BUDGET_GZIP = 25 * 1024;

// Members shown to a logged-out visitor on the home page (a multiple of the grid's 2, 4 and 6 columns).
export const SHOWCASE_SIZE = 12;

// Results counts above this are shown as "1000+".
export const COUNT_CAP = 1000;

// A member active within this many minutes counts as online (search order, the online dot).
export const ONLINE_MINUTES = 5;
