/** Business constants from spec section 9, plus the limits the spec left open (docs/decisions.md). */
export const AGE_MIN = 18;
export const AGE_MAX = 100;

export const DISCOVER_REFRESH_MS = 180_000;
/** Discover page size for a window height: 3 * ceil(floor(height / 50) / 3). */
export function discoverPageSize(windowHeight: number): number {
  return 3 * Math.ceil(Math.floor(windowHeight / 50) / 3);
}

export const SWIPE_MIN_PX = 50;
export const TAP_MAX_MS = 300;
export const IMAGE_PROGRESS_TICK_MS = 100;
export const GUIDE_ANIMATION_AFTER_MS = 4_000;
export const GUIDE_CLOSE_AFTER_ANIMATION_MS = 2_000;

export const TIP_PRESETS = [5, 10, 15] as const;
export const TIP_DEFAULT = 10;
export const TIP_CUSTOM_MAX_DIGITS = 3;
/** The optional message of a tip or tip request (not shown in the spec). */
export const TIP_MESSAGE_MAX = 500;

export const STORY_PRICE_MIN = 0;
export const STORY_PRICE_MAX = 49.99;

export const RECORD_HOLD_MS = 800;
export const RECORD_CANCEL_SLIDE_PX = 100;
export const TYPING_TIMEOUT_MS = 2_000;
export const POST_SUCCESS_RESET_MS = 2_000;
export const CANCEL_INDICATOR_MS = 1_000;
export const PINNED_PREVIEW_CHARS = 10;

export const CAROUSEL_ITEM_WIDTH_PX = 88;
export const FILTER_PANEL_MAX_HEIGHT_PX = 300;
export const TEXTAREA_ROWS = 5;
export const TEXTAREA_ROW_HEIGHT_PX = 24;

export const ACCENT_COLOR = '#FE4811';
export const FOLLOW_ICON_SIZE = 16;

/** Limits the spec leaves open; the reasons are in docs/decisions.md. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/**
 * The version of the terms of service and privacy policy the sign-up form shows (their date).
 * A sign-up must name this version; the server refuses an older one (docs/decisions.md,
 * "Sign-up consent"). Change it together with the texts of /terms and /privacy.
 */
export const TERMS_VERSION = '2026-11-27';
export const NAME_MAX = 50;
export const BIO_MAX = 500;
export const STORY_TEXT_MAX = 500;
export const STORY_TAGS_MAX = 10;
/** Story uploads: the largest file accepted and the longest video. */
export const STORY_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
export const STORY_VIDEO_MAX_SECONDS = 120;
/** How long an image story is shown: 100 progress ticks of 100 ms (spec 4 and 9). */
export const IMAGE_STORY_DURATION_MS = 10_000;
export const STORY_IMAGE_MAX_WIDTH = 1080;
export const STORY_IMAGE_MAX_HEIGHT = 1920;
export const BENEFIT_MAX = 120;
export const BENEFITS_MAX_COUNT = 10;
export const SUBSCRIBE_PRICE_MAX = 999.99;
export const DIRECT_MESSAGE_PRICE_MAX = 99.99;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_MAX_PIXELS = 40_000_000;
export const AVATAR_SIZE_PX = 512;
export const BUNDLE_PERIODS = [3, 6, 12] as const;

export const SEXES = ['male', 'female', 'transgender'] as const;
export type Sex = (typeof SEXES)[number];

/** The countries list starts with this pseudo-entry; choosing it means "no country filter". */
export const ALL_COUNTRIES_CODE = 'all';
export const HAIR_COLOR_CATEGORY = 'Hair Color';
export const COLORFUL_CODE = 'colorful';

/** Messaging limits the spec leaves open (docs/decisions.md, "Messaging"). */
export const MESSAGE_TEXT_MAX = 2_000;
/** Messages per page of a chat's history (the first page comes with the chat). */
export const MESSAGES_PAGE_SIZE = 40;
/** A voice message stops recording by itself at this length ("maximum audio length"). */
export const AUDIO_MAX_SECONDS = 120;
/** The largest recording accepted: two minutes of browser Opus or AAC is far below it. */
export const AUDIO_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A client-made message id: letters, digits, `-` and `_` (a UUID fits). */
export const CLIENT_ID_MAX = 64;
/** A user counts as online this long after their last realtime connection was seen. */
export const ONLINE_WINDOW_SECONDS = 120;

/** Live streams (issue 12; docs/decisions.md, "Live streams"). */
export const STREAM_TITLE_MAX = 100;
/** The entry price of a paid stream, like a story's. */
export const STREAM_PRICE_MAX = 49.99;
/**
 * HLS segment length the ingest writes (short, for low latency): a player can start no closer to
 * the live edge than about two segments, so half-second segments let it hold 1 s back instead of
 * 2 s (docs/decisions.md, "Live latency").
 */
export const HLS_SEGMENT_SECONDS = 0.5;
/**
 * The browser ingest's MediaRecorder chunk length. The server can close a segment only once the
 * chunk with the next frame arrives, so a chunk adds up to its length to the latency. With 1 s
 * segments, 1 s chunks measured 1.36-1.38x the reference pipeline's glass-to-glass latency and
 * 250 ms chunks 1.18x; with half-second segments (a 1.5-2 s reference) 250 ms chunks measured
 * 0.99-1.35x and 100 ms chunks 0.87-1.06x (bench/live): ten small messages a second.
 */
export const INGEST_CHUNK_MS = 100;
/** A dropped ingest may reconnect this long before the stream ends by itself. */
export const STREAM_RECONNECT_GRACE_SECONDS = 20;
/** How long a signed playlist or segment URL stays valid. */
export const PLAYBACK_URL_TTL_SECONDS = 60;

/** Accounts (issue 27). */
export const RECOVERY_CODE_COUNT = 10;
/** How long a second factor counts for sensitive changes after it was given. */
export const SECOND_FACTOR_FRESH_MINUTES = 10;
/** How long the link to a finished data export works. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** How long a deleted account waits, hidden, before it is erased. */
export const ACCOUNT_DELETION_DAYS = 30;
