import { idParam } from '../schemas/common.ts';
import {
  accountStandingSchema,
  suspendedStandingBody,
  adminReportsQuery,
  resolveReportBody,
  suspendUserBody,
  unsuspendUserBody,
  auditLogQuery,
  auditLogSchema,
  createReportBody,
  createReportResponse,
  moderationActionBody,
  moderationActionResponse,
  moderationQueueQuery,
  moderationQueueSchema,
  moderationStreamsSchema,
  moderationUserDetailSchema,
  moderationUserSearchQuery,
  moderationUserSearchSchema,
} from '../schemas/moderation.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/**
 * Reports and the moderation console (issue 29). Every /api/moderation route needs the
 * `moderation.console` permission (a moderator or an admin); anyone else gets 403 forbidden.
 */
export const moderationEndpoints = {
  /**
   * Reports a story, message, user or stream the reporter can see (else 404, as if absent: a
   * report cannot probe which ids exist). A second open report of the same item by the same
   * reporter is refused; reports of one item by many are merged in the queue.
   */
  createReport: defineEndpoint(r.createReport, {
    body: createReportBody,
    status: 201,
    response: createReportResponse,
    errors: [
      'report_target_not_found',
      'report_already_open',
      'report_own_content',
      'rate_limited',
    ],
  }),
  moderationQueue: defineEndpoint(r.moderationQueue, {
    query: moderationQueueQuery,
    response: moderationQueueSchema,
    errors: ['forbidden', 'cursor_invalid'],
  }),
  /** A decision on an item and its owner, with a note; written to the audit log. */
  moderationAction: defineEndpoint(r.moderationAction, {
    body: moderationActionBody,
    response: moderationActionResponse,
    errors: ['forbidden', 'report_target_not_found', 'moderation_action_invalid'],
  }),
  moderationAuditLog: defineEndpoint(r.moderationAuditLog, {
    query: auditLogQuery,
    response: auditLogSchema,
    errors: ['forbidden', 'cursor_invalid'],
  }),
  moderationUserSearch: defineEndpoint(r.moderationUserSearch, {
    query: moderationUserSearchQuery,
    response: moderationUserSearchSchema,
    errors: ['forbidden'],
  }),
  moderationUser: defineEndpoint(r.moderationUser, {
    params: idParam,
    response: moderationUserDetailSchema,
    errors: ['forbidden', 'user_not_found'],
  }),
  moderationStreams: defineEndpoint(r.moderationStreams, {
    response: moderationStreamsSchema,
    errors: ['forbidden'],
  }),
  /** The signed-in account's standing: suspension, payout hold, warnings, removed content. */
  accountStanding: defineEndpoint(r.accountStanding, { response: accountStandingSchema }),
  /**
   * No session: a suspended account reads its standing with the refused sign-in's
   * `standing_token` (30 minutes, only while the account is suspended; else token_invalid).
   */
  suspendedStanding: defineEndpoint(r.suspendedStanding, {
    body: suspendedStandingBody,
    response: accountStandingSchema,
    errors: ['token_invalid', 'token_expired'],
  }),
  /** The fixed paths: the same console behind /api/admin (moderation.console). */
  adminReports: defineEndpoint(r.adminReports, {
    query: adminReportsQuery,
    response: moderationQueueSchema,
    errors: ['forbidden', 'cursor_invalid'],
  }),
  /** Decides the item a report is about: every open report of the item is closed with it. */
  adminResolveReport: defineEndpoint(r.adminResolveReport, {
    params: idParam,
    body: resolveReportBody,
    response: moderationActionResponse,
    errors: ['forbidden', 'report_target_not_found', 'moderation_action_invalid'],
  }),
  adminSuspendUser: defineEndpoint(r.adminSuspendUser, {
    params: idParam,
    body: suspendUserBody,
    response: moderationActionResponse,
    errors: ['forbidden', 'report_target_not_found', 'moderation_action_invalid'],
  }),
  adminUnsuspendUser: defineEndpoint(r.adminUnsuspendUser, {
    params: idParam,
    body: unsuspendUserBody,
    response: moderationActionResponse,
    errors: ['forbidden', 'report_target_not_found', 'moderation_action_invalid'],
  }),
  adminAuditLog: defineEndpoint(r.adminAuditLog, {
    query: auditLogQuery,
    response: auditLogSchema,
    errors: ['forbidden', 'cursor_invalid'],
  }),
};
