/**
 * The one error catalogue. Every err_key the API can answer with lives here, with its HTTP
 * status and the i18n key the web client shows. A test fails when the server throws a key that
 * is not catalogued, or when a catalogued key is never thrown.
 */
export const errorCatalogue = {
  validation_failed: { status: 400, message: 'errors.validation_failed' },
  unauthenticated: { status: 401, message: 'errors.unauthenticated' },
  forbidden: { status: 403, message: 'errors.forbidden' },
  origin_mismatch: { status: 403, message: 'errors.origin_mismatch' },
  route_not_found: { status: 404, message: 'errors.route_not_found' },
  user_not_found: { status: 404, message: 'errors.user_not_found' },
  media_not_found: { status: 404, message: 'errors.media_not_found' },
  media_link_invalid: { status: 403, message: 'errors.media_link_invalid' },
  underage: { status: 400, message: 'errors.underage' },
  password_too_common: { status: 400, message: 'errors.password_too_common' },
  email_taken: { status: 409, message: 'errors.email_taken' },
  /** Sign-up without accepting the terms and privacy policy, or without confirming 18+. */
  consent_required: { status: 400, message: 'errors.consent_required' },
  /** Sign-up naming a terms version other than TERMS_VERSION: the form showed older terms. */
  terms_outdated: { status: 400, message: 'errors.terms_outdated' },
  invalid_credentials: { status: 401, message: 'errors.invalid_credentials' },
  /** A mailed link's token that is unknown, already used, or for another purpose. */
  token_invalid: { status: 400, message: 'errors.token_invalid' },
  /** A mailed link followed after its time (30 minutes for a reset, 2 days for an address). */
  token_expired: { status: 410, message: 'errors.token_expired' },
  email_already_verified: { status: 409, message: 'errors.email_already_verified' },
  /** The current password given to change the password or the address is not the account's. */
  password_incorrect: { status: 400, message: 'errors.password_incorrect' },
  /** An address change to the address the account already has. */
  email_unchanged: { status: 400, message: 'errors.email_unchanged' },
  session_not_found: { status: 404, message: 'errors.session_not_found' },
  /** Paying, earning and payouts need a confirmed address (issue 27); browsing does not. */
  email_not_verified: { status: 403, message: 'errors.email_not_verified' },
  /**
   * A sensitive change (payouts, payout details, address, password, turning two-factor off,
   * deleting the account) asked without a recent second factor: verify one, then ask again.
   */
  second_factor_required: { status: 403, message: 'errors.second_factor_required' },
  /** An authenticator or recovery code that is wrong, expired or already used. */
  code_invalid: { status: 400, message: 'errors.code_invalid' },
  /** A passkey answer that does not verify, for a passkey the account does not have. */
  passkey_invalid: { status: 400, message: 'errors.passkey_invalid' },
  passkey_not_found: { status: 404, message: 'errors.passkey_not_found' },
  /** The sign-in's second step came too late, too often wrong, or without a first step. */
  sign_in_expired: { status: 401, message: 'errors.sign_in_expired' },
  /** Enabling the authenticator app before setting it up (or after it was enabled). */
  totp_setup_required: { status: 409, message: 'errors.totp_setup_required' },
  totp_already_enabled: { status: 409, message: 'errors.totp_already_enabled' },
  two_factor_not_enabled: { status: 409, message: 'errors.two_factor_not_enabled' },
  /** One data export at a time: the last one is still being built. */
  export_in_progress: { status: 409, message: 'errors.export_in_progress' },
  export_not_found: { status: 404, message: 'errors.export_not_found' },
  /** The export's download link is older than DATA_EXPORT_TTL_DAYS: ask for a new one. */
  export_expired: { status: 410, message: 'errors.export_expired' },
  /** Cancelling a deletion that was never asked for (or has already happened). */
  deletion_not_requested: { status: 409, message: 'errors.deletion_not_requested' },
  /** A payout before the creator said where payouts go. */
  payout_method_required: { status: 409, message: 'errors.payout_method_required' },
  iban_invalid: { status: 400, message: 'errors.iban_invalid' },
  bic_invalid: { status: 400, message: 'errors.bic_invalid' },
  /** The payment provider in use takes payout details another way (bank account vs Connect). */
  payout_method_not_supported: { status: 400, message: 'errors.payout_method_not_supported' },
  rate_limited: { status: 429, message: 'errors.rate_limited' },
  invalid_category: { status: 400, message: 'errors.invalid_category' },
  unknown_country: { status: 400, message: 'errors.unknown_country' },
  file_missing: { status: 400, message: 'errors.file_missing' },
  file_too_large: { status: 413, message: 'errors.file_too_large' },
  not_an_image: { status: 400, message: 'errors.not_an_image' },
  image_too_many_pixels: { status: 400, message: 'errors.image_too_many_pixels' },
  payload_too_large: { status: 413, message: 'errors.payload_too_large' },
  unsupported_media_type: { status: 415, message: 'errors.unsupported_media_type' },
  story_not_found: { status: 404, message: 'errors.story_not_found' },
  verification_required: { status: 403, message: 'errors.verification_required' },
  max_price_error: { status: 400, message: 'errors.max_price_error' },
  file_empty: { status: 400, message: 'errors.file_empty' },
  unsupported_file: { status: 400, message: 'errors.unsupported_file' },
  upload_not_found: { status: 404, message: 'errors.upload_not_found' },
  upload_incomplete: { status: 409, message: 'errors.upload_incomplete' },
  cannot_follow_self: { status: 400, message: 'errors.cannot_follow_self' },
  /** The wallet cannot cover the payment; nothing was charged. */
  insufficient_funds: { status: 400, message: 'errors.insufficient_funds' },
  /** A paying request without a usable `Idempotency-Key` header (1-255 visible ASCII chars). */
  idempotency_key_required: { status: 400, message: 'errors.idempotency_key_required' },
  /** The `Idempotency-Key` was already used for a different request. */
  idempotency_mismatch: { status: 422, message: 'errors.idempotency_mismatch' },
  /** A tip of 0, empty, negative or more than TIP_MAX, or a tip to oneself (spec: invalid tip). */
  invalid_tip: { status: 400, message: 'errors.invalid_tip' },
  /** Money can only be sent to verified users (spec 5). */
  tip_target_not_verified: { status: 400, message: 'errors.tip_target_not_verified' },
  /** The tip request does not exist, is not addressed to the viewer, or was settled. */
  tip_request_not_found: { status: 404, message: 'errors.tip_request_not_found' },
  /** The creator takes no subscriptions (no price, or not verified), or that bundle is off. */
  subscription_not_offered: { status: 400, message: 'errors.subscription_not_offered' },
  /** The creator does not sell direct messages (no price or messages turned off). */
  direct_message_not_offered: { status: 400, message: 'errors.direct_message_not_offered' },
  /** Paying oneself: subscribing to or buying messages from one's own account. */
  cannot_pay_self: { status: 400, message: 'errors.cannot_pay_self' },
  /** The story has no price or the viewer already sees it. */
  story_not_for_sale: { status: 400, message: 'errors.story_not_for_sale' },
  /** Payout: below PAYOUT_MIN or above the withdrawable balance. */
  payout_unavailable: { status: 400, message: 'errors.payout_unavailable' },
  /** No such payment or identity provider is configured. */
  provider_not_found: { status: 404, message: 'errors.provider_not_found' },
  /** A webhook whose signature does not verify; nothing is applied. */
  webhook_signature_invalid: { status: 400, message: 'errors.webhook_signature_invalid' },
  /** A sandbox checkout or identity session that does not exist or has expired. */
  checkout_not_found: { status: 404, message: 'errors.checkout_not_found' },
  /** The sandbox session was already completed with another outcome. */
  checkout_completed: { status: 409, message: 'errors.checkout_completed' },
  /** Messaging the creator needs a purchase first: `err_paid_options` lists the ways (spec 8). */
  should_pay_option: { status: 400, message: 'errors.should_pay_option' },
  /** The message cannot go (messages turned off, a block, a channel role); `err_msg` says why. */
  cannot_send_msg: { status: 400, message: 'errors.cannot_send_msg' },
  /** No such chat, or the viewer is not a member of it (answered alike). */
  chat_not_found: { status: 404, message: 'errors.chat_not_found' },
  /** No such message in that chat. */
  message_not_found: { status: 404, message: 'errors.message_not_found' },
  /**
   * Deleting a message that cannot be deleted for everyone: a tip or tip request (money moved)
   * or a priced story (docs/decisions.md, "Deleting a message for everyone").
   */
  message_not_deletable: { status: 403, message: 'errors.message_not_deletable' },
  /** An audio upload that is not a recording ffmpeg can read, or has no sound stream. */
  not_an_audio: { status: 400, message: 'errors.not_an_audio' },
  /** A recording longer than AUDIO_MAX_SECONDS. */
  audio_too_long: { status: 400, message: 'errors.audio_too_long' },
  cannot_block_self: { status: 400, message: 'errors.cannot_block_self' },
  /** Following or subscribing to someone the viewer blocked: unblock them first. */
  user_blocked: { status: 409, message: 'errors.user_blocked' },
  /** No such stream, or one the viewer may not know of (answered alike). */
  stream_not_found: { status: 404, message: 'errors.stream_not_found' },
  /** The creator already has a stream that has not ended (one at a time). */
  stream_already_live: { status: 409, message: 'errors.stream_already_live' },
  /** The stream has ended (or never started): nothing to watch, pay for or send. */
  stream_not_live: { status: 409, message: 'errors.stream_not_live' },
  /** A notifications page cursor that this server did not hand out. */
  cursor_invalid: { status: 400, message: 'errors.cursor_invalid' },
  /** Not an IANA time zone the server knows ("Europe/Berlin"). */
  time_zone_invalid: { status: 400, message: 'errors.time_zone_invalid' },
  internal_error: { status: 500, message: 'errors.internal_error' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrKey = keyof typeof errorCatalogue;

export const errKeys = Object.keys(errorCatalogue) as ErrKey[];

export function isErrKey(value: unknown): value is ErrKey {
  return typeof value === 'string' && Object.hasOwn(errorCatalogue, value);
}

/** The body of every 4xx/5xx answer. */
export interface ApiErrorBody {
  err_key: ErrKey;
  err_msg?: string | string[] | Record<string, unknown>;
  errors?: Record<string, string[]>;
  /** With `should_pay_option`: the ways to pay that open messages (spec 8). */
  err_paid_options?: { type: 'subscribe' | 'direct_message'; price: number }[];
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
