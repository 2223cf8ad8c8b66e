/** Limits of docs/product/limits.md#account. Numbers here are exact limits; both web and server read them. */
export const NAME_MAX = 50;
export const PASSWORD_MIN = 8;
/** Argon2 and sanity: nobody types a longer password, and hashing a megabyte is a DoS. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const CODE_LENGTH = 6;
export const RESEND_AFTER_SECONDS = 120;
export const TWO_FACTOR_SCREEN_TIMEOUT_SECONDS = 55;
export const SESSION_COOKIE_DAYS = 28;
export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const SLIDER_INTERVAL_MS = 10_000;
export const PROMO_BANNER_WINDOW_DAYS = 7;
export const PROMO_BANNER_RESHOW_HOURS = 24;
export const DELETION_VERIFY_HOURS = 48;
export const ACCESS_LOG_PAGE_SIZE = 10;
export const DELETE_REASON_MAX = 256;
export const TEXT_MAX = 150;
export const URL_MAX = 256;
export const QUERY_CACHE_GC_MS = 60_000;
/** The two-factor credentials token lives a little longer than the screen that uses it. */
export const CREDENTIALS_TOKEN_TTL_SECONDS = 120;
export const EMAIL_CODE_TTL_MINUTES = 30;
export const RECOVERY_LINK_TTL_MINUTES = 60;
/** A second recovery mail to one address waits this long (the answer does not say so: no probing). */
export const RECOVERY_RESEND_AFTER_SECONDS = 60;
export const CODE_MAX_ATTEMPTS = 5;
export const REDIRECTING_RETURN_MS = 2_000;
