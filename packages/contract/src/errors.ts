/**
 * The one error catalogue. Every err_key the API can answer with lives here, with its HTTP
 * status and the i18n key the web client shows. A test fails when the server throws a key that
 * is not catalogued, or when a catalogued key is never thrown.
 */
export const errorStatuses = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  origin_mismatch: 403,
  route_not_found: 404,
  user_not_found: 404,
  media_not_found: 404,
  media_link_invalid: 403,
  underage: 400,
  password_too_common: 400,
  email_taken: 409,
  /** Sign-up without accepting the terms and privacy policy, or without confirming 18+. */
  consent_required: 400,
  /** Sign-up naming a terms version other than TERMS_VERSION: the form showed older terms. */
  terms_outdated: 400,
  invalid_credentials: 401,
  /** A mailed link's token that is unknown, already used, or for another purpose. */
  token_invalid: 400,
  /** A mailed link followed after its time (30 minutes for a reset, 2 days for an address). */
  token_expired: 410,
  email_already_verified: 409,
  /** The current password given to change the password or the address is not the account's. */
  password_incorrect: 400,
  /** An address change to the address the account already has. */
  email_unchanged: 400,
  session_not_found: 404,
  /** Paying, earning and payouts need a confirmed address (issue 27); browsing does not. */
  email_not_verified: 403,
  /**
   * A sensitive change (payouts, payout details, address, password, turning two-factor off,
   * deleting the account) asked without a recent second factor: verify one, then ask again.
   */
  second_factor_required: 403,
  /** An authenticator or recovery code that is wrong, expired or already used. */
  code_invalid: 400,
  /** A passkey answer that does not verify, for a passkey the account does not have. */
  passkey_invalid: 400,
  passkey_not_found: 404,
  /** The sign-in's second step came too late, too often wrong, or without a first step. */
  sign_in_expired: 401,
  /** Enabling the authenticator app before setting it up (or after it was enabled). */
  totp_setup_required: 409,
  totp_already_enabled: 409,
  two_factor_not_enabled: 409,
  /** One data export at a time: the last one is still being built. */
  export_in_progress: 409,
  export_not_found: 404,
  /** The export's download link is older than DATA_EXPORT_TTL_DAYS: ask for a new one. */
  export_expired: 410,
  /** Cancelling a deletion that was never asked for (or has already happened). */
  deletion_not_requested: 409,
  /** A payout before the creator said where payouts go. */
  payout_method_required: 409,
  iban_invalid: 400,
  bic_invalid: 400,
  /** The payment provider in use takes payout details another way (bank account vs Connect). */
  payout_method_not_supported: 400,
  rate_limited: 429,
  invalid_category: 400,
  unknown_country: 400,
  file_missing: 400,
  file_too_large: 413,
  not_an_image: 400,
  image_too_many_pixels: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  story_not_found: 404,
  verification_required: 403,
  max_price_error: 400,
  file_empty: 400,
  unsupported_file: 400,
  upload_not_found: 404,
  upload_incomplete: 409,
  cannot_follow_self: 400,
  /** The wallet cannot cover the payment; nothing was charged. */
  insufficient_funds: 400,
  /** A paying request without a usable `Idempotency-Key` header (1-255 visible ASCII chars). */
  idempotency_key_required: 400,
  /** The `Idempotency-Key` was already used for a different request. */
  idempotency_mismatch: 422,
  /** A tip of 0, empty, negative or more than TIP_MAX, or a tip to oneself (spec: invalid tip). */
  invalid_tip: 400,
  /** Money can only be sent to verified users (spec 5). */
  tip_target_not_verified: 400,
  /** The tip request does not exist, is not addressed to the viewer, or was settled. */
  tip_request_not_found: 404,
  /** The creator takes no subscriptions (no price, or not verified), or that bundle is off. */
  subscription_not_offered: 400,
  /** The creator does not sell direct messages (no price or messages turned off). */
  direct_message_not_offered: 400,
  /** Paying oneself: subscribing to or buying messages from one's own account. */
  cannot_pay_self: 400,
  /** The story has no price or the viewer already sees it. */
  story_not_for_sale: 400,
  /** Payout: below PAYOUT_MIN or above the withdrawable balance. */
  payout_unavailable: 400,
  /** No such payment or identity provider is configured. */
  provider_not_found: 404,
  /** A webhook whose signature does not verify; nothing is applied. */
  webhook_signature_invalid: 400,
  /** A sandbox checkout or identity session that does not exist or has expired. */
  checkout_not_found: 404,
  /** The sandbox session was already completed with another outcome. */
  checkout_completed: 409,
  /** Messaging the creator needs a purchase first: `err_paid_options` lists the ways (spec 8). */
  should_pay_option: 400,
  /** The message cannot go (messages turned off, a block, a channel role); `err_msg` says why. */
  cannot_send_msg: 400,
  /** No such chat, or the viewer is not a member of it (answered alike). */
  chat_not_found: 404,
  /** No such message in that chat. */
  message_not_found: 404,
  /**
   * Deleting a message that cannot be deleted for everyone: a tip or tip request (money moved)
   * or a priced story (docs/decisions.md, "Deleting a message for everyone").
   */
  message_not_deletable: 403,
  /** An audio upload that is not a recording ffmpeg can read, or has no sound stream. */
  not_an_audio: 400,
  /** A recording longer than AUDIO_MAX_SECONDS. */
  audio_too_long: 400,
  cannot_block_self: 400,
  /** Following or subscribing to someone the viewer blocked: unblock them first. */
  user_blocked: 409,
  /** No such stream, or one the viewer may not know of (answered alike). */
  stream_not_found: 404,
  /** The creator already has a stream that has not ended (one at a time). */
  stream_already_live: 409,
  /** The stream has ended (or never started): nothing to watch, pay for or send. */
  stream_not_live: 409,
  /** A notifications page cursor that this server did not hand out. */
  cursor_invalid: 400,
  /** Not an IANA time zone the server knows ("Europe/Berlin"). */
  time_zone_invalid: 400,
  // Trust and safety (issue 29).
  /** The reported item does not exist or the reporter may not see it (answered alike). */
  report_target_not_found: 404,
  /** The reporter already has an open report of this item. */
  report_already_open: 409,
  /** One's own story, message, stream or account cannot be reported. */
  report_own_content: 400,
  /** A decision that does not fit the item (taking a user "down", suspending staff, ...). */
  moderation_action_invalid: 400,
  /**
   * Sign-in to a suspended account; `err_msg` is `{ until }` (ISO time, null for good); after a
   * right password the body also carries `standing_token` (ApiErrorBody).
   */
  account_suspended: 403,
  /** A payout while the account's payouts are held by a moderator (earnings keep accruing). */
  payouts_held: 403,
  // Copyright notices and appeals (issue 29).
  /** A notice's content URL that is not a story link of this site. */
  copyright_url_invalid: 400,
  /** The notice's story does not exist or is not public (already down, in review). */
  copyright_content_not_found: 404,
  /** A notice or counter-notice without its required statements (each must be true). */
  copyright_statements_required: 400,
  /** No such notice of the signed-in creator's. */
  copyright_notice_not_found: 404,
  /** A counter-notice to a notice already countered, restored, rejected or in court. */
  copyright_counter_closed: 409,
  /** A court action reported after the content was restored or the notice rejected. */
  copyright_court_action_closed: 409,
  /** A moderator's rejection of a notice already rejected or restored. */
  copyright_notice_closed: 409,
  /** The appealed item is not the appellant's, or not taken down. */
  appeal_target_not_found: 404,
  /** The owner already has an open appeal of this item. */
  appeal_already_open: 409,
  /** The owner already appealed this decision and it was answered: one appeal per decision. */
  appeal_already_decided: 409,
  /** A suspension appeal from an account that is not suspended. */
  appeal_not_suspended: 400,
  appeal_not_found: 404,
  // Known content (issue 29).
  /** No such entry on the blocklist of known content. */
  blocklist_entry_not_found: 404,
  /** A decision on an appeal already decided. */
  appeal_closed: 409,
  /** An appeal more than APPEAL_WINDOW_DAYS after the decision it appeals. */
  appeal_window_closed: 410,
  /**
   * A service the request needs (database, Redis, storage) is down or restarting: try again
   * after the `Retry-After` header's seconds. Also the body of a failing GET /api/health.
   */
  service_unavailable: 503,
  internal_error: 500,
} as const satisfies Record<string, number>;

export type ErrKey = keyof typeof errorStatuses;

/**
 * Each key with its status and the i18n key of its text (always `errors.<key>`), built from
 * `errorStatuses` so the web's first load carries each key once, not three times.
 */
export const errorCatalogue = Object.fromEntries(
  Object.entries(errorStatuses).map(([key, status]) => [key, { status, message: `errors.${key}` }]),
) as { [K in ErrKey]: { status: (typeof errorStatuses)[K]; message: `errors.${K}` } };

export const errKeys = Object.keys(errorStatuses) as ErrKey[];

export function isErrKey(value: unknown): value is ErrKey {
  return typeof value === 'string' && Object.hasOwn(errorStatuses, value);
}

/** The body of every 4xx/5xx answer. */
export interface ApiErrorBody {
  err_key: ErrKey;
  err_msg?: string | string[] | Record<string, unknown>;
  errors?: Record<string, string[]>;
  /** With `should_pay_option`: the ways to pay that open messages (spec 8). */
  err_paid_options?: { type: 'subscribe' | 'direct_message'; price: number }[];
  /**
   * With `account_suspended` from a password sign-in: a short-lived token that reads the
   * account's standing and files its appeals, nothing else (docs/decisions.md, trust and safety).
   */
  standing_token?: string;
}

/**
 * Why a story could not be processed. Processing runs after the upload has been answered, so
 * these are not HTTP errors: the key is stored on the story and reaches its owner as
 * `processing_error` (and in the `story.failed` event), and the web shows the text under
 * `message`. The technical detail stays in the server log.
 */
export const processingReasonCatalogue = {
  /** Unknown or older free-text reasons are shown as this one. */
  processing_failed: { message: 'errors.processing_failed' },
  processing_gave_up: { message: 'errors.processing_gave_up' },
  processing_source_missing: { message: 'errors.processing_source_missing' },
  processing_unreadable_image: { message: 'errors.processing_unreadable_image' },
  processing_unreadable_video: { message: 'errors.processing_unreadable_video' },
  processing_no_video_stream: { message: 'errors.processing_no_video_stream' },
  /** Interpolates `max`: STORY_VIDEO_MAX_SECONDS. */
  processing_video_too_long: { message: 'errors.processing_video_too_long' },
  processing_video_failed: { message: 'errors.processing_video_failed' },
  processing_video_incomplete: { message: 'errors.processing_video_incomplete' },
  processing_no_playable_frames: { message: 'errors.processing_no_playable_frames' },
} as const satisfies Record<string, { message: string }>;

export type ProcessingReason = keyof typeof processingReasonCatalogue;

export const processingReasons = Object.keys(processingReasonCatalogue) as ProcessingReason[];

export function isProcessingReason(value: unknown): value is ProcessingReason {
  return typeof value === 'string' && Object.hasOwn(processingReasonCatalogue, value);
}
