import { idParam } from '../schemas/common.ts';
import {
  appealBody,
  suspendedAppealBody,
  appealResponse,
  claimantNoticeSchema,
  consoleAppealsQuery,
  consoleAppealsSchema,
  consoleNoticesQuery,
  consoleNoticesSchema,
  copyrightNoticeBody,
  copyrightNoticeResponse,
  copyrightSuccessResponse,
  counterNoticeBody,
  courtActionBody,
  courtActionQuery,
  decideAppealBody,
  moderationNoteBody,
  ownCopyrightNoticeSchema,
  ownCopyrightNoticesSchema,
  suspensionAppealBody,
} from '../schemas/copyright.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/**
 * Copyright notices and appeals (issue 29); their routes are in ./copyright-routes.ts. The
 * /api/moderation routes need the `moderation.console` permission (403 forbidden otherwise).
 */
export const copyrightEndpoints = {
  /**
   * A notice from anyone, signed in or not (rate-limited by client address): the story is taken
   * down at once, its creator told and offered a counter-notice, the claimant mailed a link to
   * report a court action.
   */
  createCopyrightNotice: defineEndpoint(r.createCopyrightNotice, {
    body: copyrightNoticeBody,
    status: 201,
    response: copyrightNoticeResponse,
    errors: [
      'copyright_url_invalid',
      'copyright_content_not_found',
      'copyright_statements_required',
      'rate_limited',
    ],
  }),
  /** The signed-in creator's notices, newest first (the counter-notice page). */
  ownCopyrightNotices: defineEndpoint(r.ownCopyrightNotices, {
    response: ownCopyrightNoticesSchema,
  }),
  /** The creator's counter-notice: the content returns after 10 business days. */
  counterCopyrightNotice: defineEndpoint(r.counterCopyrightNotice, {
    params: idParam,
    body: counterNoticeBody,
    response: ownCopyrightNoticeSchema,
    errors: [
      'copyright_notice_not_found',
      'copyright_counter_closed',
      'copyright_statements_required',
    ],
  }),
  /** The claimant's view of their notice, by the mailed link's token. */
  claimantNotice: defineEndpoint(r.claimantNotice, {
    query: courtActionQuery,
    response: claimantNoticeSchema,
    errors: ['token_invalid', 'rate_limited'],
  }),
  /** The claimant reports a court action: the content stays down. */
  reportCourtAction: defineEndpoint(r.reportCourtAction, {
    body: courtActionBody,
    response: claimantNoticeSchema,
    errors: ['token_invalid', 'copyright_court_action_closed', 'rate_limited'],
  }),
  consoleCopyrightNotices: defineEndpoint(r.consoleCopyrightNotices, {
    query: consoleNoticesQuery,
    response: consoleNoticesSchema,
    errors: ['forbidden'],
  }),
  /** An invalid notice: the content returns and the notice counts as no strike. */
  rejectCopyrightNotice: defineEndpoint(r.rejectCopyrightNotice, {
    params: idParam,
    body: moderationNoteBody,
    response: copyrightSuccessResponse,
    errors: ['forbidden', 'copyright_notice_not_found', 'copyright_notice_closed'],
  }),
  /** The owner of a taken-down story, message or stream appeals; one appeal per decision. */
  createAppeal: defineEndpoint(r.createAppeal, {
    body: appealBody,
    status: 201,
    response: appealResponse,
    errors: [
      'appeal_target_not_found',
      'appeal_already_open',
      'appeal_already_decided',
      'appeal_window_closed',
    ],
  }),
  /**
   * No session: a suspended account appeals its suspension, or one of its taken-down items, with
   * the refused sign-in's `standing_token`.
   */
  createSuspendedAppeal: defineEndpoint(r.createSuspendedAppeal, {
    body: suspendedAppealBody,
    status: 201,
    response: appealResponse,
    errors: [
      'token_invalid',
      'token_expired',
      'appeal_target_not_found',
      'appeal_already_open',
      'appeal_already_decided',
      'appeal_window_closed',
    ],
  }),
  /** A suspended account appeals with its address and password (it cannot sign in). */
  createSuspensionAppeal: defineEndpoint(r.createSuspensionAppeal, {
    body: suspensionAppealBody,
    status: 201,
    response: appealResponse,
    errors: [
      'invalid_credentials',
      'appeal_not_suspended',
      'appeal_already_open',
      'appeal_already_decided',
      'appeal_window_closed',
      'rate_limited',
    ],
  }),
  consoleAppeals: defineEndpoint(r.consoleAppeals, {
    query: consoleAppealsQuery,
    response: consoleAppealsSchema,
    errors: ['forbidden'],
  }),
  /** Grant (the item restored, the account unsuspended) or deny, with a note; the owner told. */
  decideAppeal: defineEndpoint(r.decideAppeal, {
    params: idParam,
    body: decideAppealBody,
    response: copyrightSuccessResponse,
    errors: ['forbidden', 'appeal_not_found', 'appeal_closed'],
  }),
};
