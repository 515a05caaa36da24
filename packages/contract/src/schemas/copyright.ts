import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX } from '../constants.ts';
import { emailSchema } from './auth.ts';
import { intParam } from './common.ts';
import { moderationUserRefSchema } from './moderation.ts';
import { displayName, multiLineText, singleLineText } from './text.ts';

/** Copyright notices and counter-notices, and appeals against takedowns and suspensions (issue 29). */

export const COPYRIGHT_NOTICE_STATUSES = [
  'taken_down',
  'countered',
  'restored',
  'court_action',
  'rejected',
] as const;
export type CopyrightNoticeStatus = (typeof COPYRIGHT_NOTICE_STATUSES)[number];

/** Upheld notices (taken down, countered and waiting, court action) that suspend an account. */
export const COPYRIGHT_STRIKES_TO_SUSPEND = 3;
/** Business days between a counter-notice and the content's return (unless a court action). */
export const COUNTER_NOTICE_BUSINESS_DAYS = 10;

export const COPYRIGHT_WORK_MAX = 2000;
export const COPYRIGHT_URL_MAX = 500;
export const COUNTER_STATEMENT_MAX = 4000;

/**
 * POST /api/copyright/notices, no session needed. `content_url` is the story's link on this site
 * (`/stories/{id}` or a profile's `/u/{handle}?story={id}`); other URLs are refused with
 * `copyright_url_invalid`. Both statements must be true (`copyright_statements_required`); the
 * signature is the claimant's full name.
 */
export const copyrightNoticeBody = z.strictObject({
  claimant_name: displayName({ max: NAME_MAX }),
  claimant_email: emailSchema,
  work: multiLineText({ min: 1, max: COPYRIGHT_WORK_MAX }),
  content_url: singleLineText({ min: 1, max: COPYRIGHT_URL_MAX }),
  /** The claimant in good faith believes the use is not authorised. */
  good_faith: z.boolean(),
  /** The notice is accurate and, under penalty of perjury, the claimant may act for the owner. */
  accurate: z.boolean(),
  signature: displayName({ max: NAME_MAX }),
});
export type CopyrightNoticeBody = z.infer<typeof copyrightNoticeBody>;
export const copyrightNoticeResponse = z.strictObject({
  success: z.literal(true),
  notice_id: z.number().int(),
});

/** A notice as its creator sees it (the claimant's address stays hidden). */
export const ownCopyrightNoticeSchema = z.strictObject({
  id: z.number().int(),
  story_id: z.number().int().nullable(),
  claimant_name: z.string(),
  work: z.string(),
  status: z.enum(COPYRIGHT_NOTICE_STATUSES),
  counter_statement: z.string().nullable(),
  countered_at: z.string().nullable(),
  restore_after: z.string().nullable(),
  created_at: z.string(),
});
export type OwnCopyrightNotice = z.infer<typeof ownCopyrightNoticeSchema>;
export const ownCopyrightNoticesSchema = z.strictObject({
  notices: z.array(ownCopyrightNoticeSchema),
});

/** POST /api/copyright/notices/:id/counter: the creator's counter-notice (their own notice). */
export const counterNoticeBody = z.strictObject({
  statement: multiLineText({ min: 1, max: COUNTER_STATEMENT_MAX }),
  /** Consent to the jurisdiction of the courts and to service from the claimant. */
  consent_jurisdiction: z.boolean(),
  signature: displayName({ max: NAME_MAX }),
});
export type CounterNoticeBody = z.infer<typeof counterNoticeBody>;

const claimantToken = singleLineText({ min: 1, max: 100 });
/** The claimant's page, opened from the mailed link (`?notice=&token=`). */
export const courtActionQuery = z.strictObject({ token: claimantToken });
export const courtActionBody = z.strictObject({ token: claimantToken });
export const claimantNoticeSchema = z.strictObject({
  id: z.number().int(),
  work: z.string(),
  status: z.enum(COPYRIGHT_NOTICE_STATUSES),
  countered_at: z.string().nullable(),
  /** With a counter-notice: when the content returns unless a court action is reported. */
  restore_after: z.string().nullable(),
  created_at: z.string(),
});
export type ClaimantNotice = z.infer<typeof claimantNoticeSchema>;

/** GET /api/moderation/copyright: the console's list, newest first, by status. */
export const consoleNoticesQuery = z.strictObject({
  status: z.enum(COPYRIGHT_NOTICE_STATUSES).optional(),
  creator_id: intParam(1, 2_147_483_647).optional(),
  limit: intParam(1, 100).optional(),
});
export const consoleNoticeSchema = ownCopyrightNoticeSchema.extend({
  claimant_email: z.string(),
  creator: moderationUserRefSchema.nullable(),
  decided_at: z.string().nullable(),
});
export type ConsoleNotice = z.infer<typeof consoleNoticeSchema>;
export const consoleNoticesSchema = z.strictObject({ notices: z.array(consoleNoticeSchema) });

export const moderationNoteBody = z.strictObject({
  note: multiLineText({ min: 1, max: 2000 }),
});

export const APPEAL_KINDS = ['story', 'message', 'stream', 'suspension'] as const;
export type AppealKind = (typeof APPEAL_KINDS)[number];
export const APPEAL_STATUSES = ['open', 'granted', 'denied'] as const;
export const APPEAL_STATEMENT_MAX = 4000;
/** An actioned item's owner may appeal within this many days of the decision (issue 29). */
export const APPEAL_WINDOW_DAYS = 20;

const appealStatement = multiLineText({ min: 1, max: APPEAL_STATEMENT_MAX });

/** POST /api/appeals: the owner of a taken-down story, message or stream (signed in). */
export const appealBody = z.strictObject({
  kind: z.enum(['story', 'message', 'stream']),
  target_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  statement: appealStatement,
});
export type AppealBody = z.infer<typeof appealBody>;

/** POST /api/appeals/suspension: a suspended account cannot sign in, so it proves itself here. */
export const suspensionAppealBody = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
  statement: appealStatement,
});
export type SuspensionAppealBody = z.infer<typeof suspensionAppealBody>;

/**
 * POST /api/appeals/suspended: a suspended account's appeal by the refused sign-in's
 * `standing_token`: of the suspension itself, or (with `target_id`) of a taken-down item.
 */
export const suspendedAppealBody = z.strictObject({
  standing_token: z.string().min(1).max(200),
  kind: z.enum(APPEAL_KINDS),
  target_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  statement: appealStatement,
});
export type SuspendedAppealBody = z.infer<typeof suspendedAppealBody>;
export const appealResponse = z.strictObject({
  success: z.literal(true),
  appeal_id: z.number().int(),
});

/** GET /api/moderation/appeals: open appeals oldest first (or decided ones, newest first). */
export const consoleAppealsQuery = z.strictObject({
  status: z.enum(APPEAL_STATUSES).optional(),
  limit: intParam(1, 100).optional(),
});
export const consoleAppealSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(APPEAL_KINDS),
  target_id: z.number().int(),
  user: moderationUserRefSchema,
  statement: z.string(),
  status: z.enum(APPEAL_STATUSES),
  note: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ConsoleAppeal = z.infer<typeof consoleAppealSchema>;
export const consoleAppealsSchema = z.strictObject({ appeals: z.array(consoleAppealSchema) });

/** POST /api/moderation/appeals/:id/decide: grant (restore, unsuspend) or deny, with a note. */
export const decideAppealBody = z.strictObject({
  decision: z.enum(['grant', 'deny']),
  note: multiLineText({ min: 1, max: 2000 }),
});
export type DecideAppealBody = z.infer<typeof decideAppealBody>;
export const copyrightSuccessResponse = z.strictObject({ success: z.literal(true) });
