/**
 * The business constants and limits of SPEC.md §9, in one place. No other app writes one of these numbers:
 * import it from the kernel.
 */

/** HTTP request timeout (ms). */
export const REQUEST_TIMEOUT_MS = 50_000;

/** A toast closes itself after this long (ms). */
export const TOAST_DURATION_MS = 5_000;
/** The same error message shown again within this window (ms) is suppressed. */
export const ERROR_DEDUPE_MS = 3_000;
/** Default time-out of a snackbar (a toast with an action) (ms). */
export const SNACKBAR_DURATION_MS = 5_000;

/** After sending an SMS code the button stays disabled, counting down, this long (s). */
export const CODE_RESEND_COOLDOWN_S = 60;
/** SMS code length, and the default length of numeric code boxes. */
export const CODE_LENGTH = 6;
/** Invite codes are this many digits. */
export const INVITE_CODE_LENGTH = 5;
/** The phone input holds at most this many characters: 11 digits spaced 3-4-4. */
export const PHONE_INPUT_MAX_LENGTH = 13;
/** Minimum password length (plus at least one digit and one letter). */
export const PASSWORD_MIN_LENGTH = 8;
/** A nickname must be shorter than this many characters. */
export const NICKNAME_MAX_LENGTH = 255;
/** Country dial code used when none is picked. */
export const DEFAULT_COUNTRY_CODE = '86';

/** A login QR code expires after this long unless the server says otherwise (s). */
export const QR_LOGIN_EXPIRY_S = 100;

/** Captcha geometry and timings. */
export const CAPTCHA = {
  /** Slide positions are scaled to this reference image width before sending (px). */
  referenceWidth: 310,
  imageWidth: 310,
  imageHeight: 155,
  barHeight: 40,
  blockSize: 50,
  /** The y of a slide answer is always this value. */
  slideY: 5,
  clickWidth: 300,
  clickHeight: 220,
  /** The rotate captcha spans 0 to this many degrees. */
  rotateRange: 360,
  /** After a slide success the dialog closes after this long (ms). */
  successCloseMs: 1_000,
  /** After a failure the slide captcha refreshes after this long (ms). */
  failureRefreshMs: 1_000,
  /** Pop mode resets after this long (ms). */
  popResetMs: 1_500,
  /** repCode meaning "no image". */
  noImageRepCode: '6201',
} as const;

/** In the mobile app, a second back press within this window exits (ms). */
export const BACK_EXIT_WINDOW_MS = 2_000;

/** A screen at least this wide counts as PC (px). */
export const WIDE_SCREEN_MIN_PX = 1_200;

/** Milliseconds in one day: local-store expiry is counted in days, 0 meaning no expiry. */
export const DAY_MS = 86_400_000;

/** Stored scores are divided by this for display, shown to one decimal. */
export const SCORE_DIVISOR = 10_000;
/** Rating stars when none is given. */
export const DEFAULT_RATING = 5;
/** Highest rating. */
export const MAX_RATING = 5;

/** Host prefixes on which ads are shown ('' = no prefix). */
export const AD_HOST_PREFIXES: readonly string[] = ['', 'it', 'math', 'algorithm', 'www', 'mianshi'];

/** Text at the end of a list (shared list footer). */
export const LIST_END_TEXT = '---- end ----';
