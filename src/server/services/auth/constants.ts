/** Limits of the session protocol (DESIGN "Auth"). */

/** Sessions last 2 weeks, counted again from each use. */
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * After a rotation the replaced token keeps working this long, and no new rotation
 * happens, so the parallel requests of one page do not sign each other out.
 */
export const ROTATION_BATCH_WINDOW_MS = 5_000;
/** Signed-in devices per user; signing in on one more drops the least recently used. */
export const MAX_DEVICES_PER_USER = 10;
/** Reset links work for 2 hours, once. */
export const RESET_TOKEN_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** Failed sign-ins allowed per email and per address within the window; the next one waits. */
export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_WINDOW_MS = 60_000;
/** A social sign-in must come back from the provider within this time. */
export const OIDC_REQUEST_LIFETIME_MS = 10 * 60 * 1000;
/** Cookie sessions record their use at most this often (each use slides their expiry). */
export const COOKIE_TOUCH_INTERVAL_MS = 60_000;
/** Reset e-mails per address (whoever asks) and per caller address, per hour: no mail bombing. */
export const RESET_EMAILS_PER_ADDRESS = 5;
export const RESET_EMAILS_PER_IP = 20;
export const RESET_EMAIL_WINDOW_MS = 3600 * 1000;
