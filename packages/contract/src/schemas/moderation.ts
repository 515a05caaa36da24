import { z } from 'zod';
import { ID_MAX, intParam } from './common.ts';
import { multiLineText, singleLineText } from './text.ts';

/** Trust and safety (issue 29): reports, the moderation console, an account's standing. */

export const REPORT_KINDS = ['story', 'message', 'user', 'stream'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * The fixed reasons a report can give. `other` needs the reporter's words. The first two are
 * urgent: the queue flags them and sorts them first whatever their age.
 */
export const REPORT_REASONS = [
  'child_safety',
  'non_consensual',
  'violence',
  'hate',
  'harassment',
  'self_harm',
  'scam',
  'spam',
  'impersonation',
  'copyright',
  'underage_creator',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const URGENT_REPORT_REASONS: readonly ReportReason[] = [
  'child_safety',
  'non_consensual',
  'underage_creator',
];

/** A report waits this long before the console marks it overdue (card-network review time). */
export const REPORT_REVIEW_HOURS = 72;

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_NOTE_MAX = 2000;
/** The longest timed suspension; longer is "for good" (suspend_days null). */
export const SUSPEND_DAYS_MAX = 3650;

const targetId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * POST /api/reports (field names fixed by issue 29): one open report per reporter and item;
 * `text`, the reporter's words, is required for `other`.
 */
export const createReportBody = z
  .strictObject({
    target_type: z.enum(REPORT_KINDS),
    target_id: targetId,
    reason: z.enum(REPORT_REASONS),
    text: multiLineText({ min: 0, max: REPORT_DETAILS_MAX }).optional(),
  })
  .refine((body) => body.reason !== 'other' || (body.text ?? '').trim().length > 0, {
    message: 'report_details_required',
    path: ['text'],
  });
export type CreateReportBody = z.infer<typeof createReportBody>;
export const createReportResponse = z.strictObject({
  success: z.literal(true),
  report_id: z.number().int(),
});

/** Someone as the console shows them. */
export const moderationUserRefSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
});
export type ModerationUserRef = z.infer<typeof moderationUserRefSchema>;

/** The reported item, shown in place. Media URLs are signed for the moderator (locked too). */
export const moderationItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('story'),
    id: z.number().int(),
    text: z.string(),
    is_video: z.boolean(),
    price: z.number().nullable(),
    status: z.string(),
    image_url: z.string().nullable(),
    video_url: z.string().nullable(),
    poster_url: z.string().nullable(),
    created_at: z.string(),
  }),
  z.strictObject({
    kind: z.literal('message'),
    id: z.number().int(),
    chat_id: z.number().int(),
    type: z.string(),
    body: z.string(),
    audio_url: z.string().nullable(),
    story_id: z.number().int().nullable(),
    taken_down: z.boolean(),
    created_at: z.string(),
  }),
  z.strictObject({
    kind: z.literal('user'),
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    bio: z.string(),
    avatar_url: z.string().nullable(),
    suspended: z.boolean(),
    suspended_until: z.string().nullable(),
    created_at: z.string(),
  }),
  z.strictObject({
    kind: z.literal('stream'),
    id: z.number().int(),
    title: z.string(),
    status: z.string(),
    viewer_count: z.number().int(),
    started_at: z.string().nullable(),
    taken_down: z.boolean(),
  }),
]);
export type ModerationItem = z.infer<typeof moderationItemSchema>;

/** One reported item with its open reports merged. */
export const queueItemSchema = z.strictObject({
  kind: z.enum(REPORT_KINDS),
  target_id: z.number().int(),
  owner: moderationUserRefSchema,
  report_count: z.number().int(),
  reasons: z.array(z.strictObject({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** The first reporters (up to 10) and what they wrote (non-empty details, up to 10). */
  reporters: z.array(moderationUserRefSchema),
  details: z.array(z.string()),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  urgent: z.boolean(),
  /** Waiting longer than REPORT_REVIEW_HOURS. */
  overdue: z.boolean(),
  /** Null when the item is gone (deleted by its owner since). */
  item: moderationItemSchema.nullable(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

/** GET /api/moderation/queue: urgent first, then oldest first; filters by kind and reason. */
export const moderationQueueQuery = z.strictObject({
  kind: z.enum(REPORT_KINDS).optional(),
  reason: z.enum(REPORT_REASONS).optional(),
  cursor: z.string().max(100).optional(),
  limit: intParam(1, 50).optional(),
});
export const moderationQueueSchema = z.strictObject({
  items: z.array(queueItemSchema),
  next_cursor: z.string().nullable(),
  /** Items with open reports, over all pages and filters. */
  open_items: z.number().int(),
});
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const MODERATION_ACTIONS = [
  /** Close the item's open reports: nothing wrong found. */
  'dismiss',
  /** A story, message or stream: gone everywhere (features/moderation/enforcement). */
  'take_down',
  /** The owner gets a warning on their standing screen. */
  'warn',
  /** The owner is suspended for `suspend_days`, or for good when it is null. */
  'suspend',
  'unsuspend',
  'hold_payouts',
  'release_payouts',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * POST /api/moderation/actions: one decision on an item (and its owner), with a note. Every
 * decision closes the item's open reports (dismissed, or actioned) and tells reporters and owner.
 */
export const moderationActionBody = z
  .strictObject({
    kind: z.enum(REPORT_KINDS),
    target_id: targetId,
    action: z.enum(MODERATION_ACTIONS),
    note: multiLineText({ min: 1, max: MODERATION_NOTE_MAX }),
    /** With `suspend`: the days, or null for good. */
    suspend_days: z.number().int().min(1).max(SUSPEND_DAYS_MAX).nullable().optional(),
    /** With `take_down` of a story: also list its hashes so copies are held (known content). */
    block_copies: z.boolean().optional(),
  })
  .refine((body) => body.action !== 'suspend' || body.suspend_days !== undefined, {
    message: 'suspend_days_required',
    path: ['suspend_days'],
  });
export type ModerationActionBody = z.infer<typeof moderationActionBody>;
export const moderationActionResponse = z.strictObject({
  success: z.literal(true),
  audit_id: z.number().int(),
  reports_closed: z.number().int(),
});

/** One line of the append-only audit log. */
export const auditEntrySchema = z.strictObject({
  id: z.number().int(),
  /** Null for the system (ADMIN_EMAILS, the command line, a timer). */
  actor: moderationUserRefSchema.nullable(),
  action: z.string(),
  target_kind: z.string(),
  target_id: z.number().int().nullable(),
  subject: moderationUserRefSchema.nullable(),
  note: z.string(),
  details: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/moderation/audit: newest first; `q` searches notes, actions and names. */
export const auditLogQuery = z.strictObject({
  q: singleLineText({ min: 0, max: 100 }).optional(),
  actor_id: intParam(1, ID_MAX).optional(),
  subject_id: intParam(1, ID_MAX).optional(),
  cursor: z.string().max(100).optional(),
  limit: intParam(1, 100).optional(),
});
export const auditLogSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  next_cursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogSchema>;

/** GET /api/moderation/users?q=: by name, handle, address or id. */
export const moderationUserSearchQuery = z.strictObject({
  q: singleLineText({ min: 1, max: 100 }),
});
export const moderationUserSummarySchema = moderationUserRefSchema.extend({
  email: z.string(),
  role: z.enum(['user', 'moderator', 'admin']),
  suspended: z.boolean(),
  created_at: z.string(),
});
export const moderationUserSearchSchema = z.strictObject({
  users: z.array(moderationUserSummarySchema),
});

/** GET /api/moderation/users/:id: an account's history for a decision. */
export const moderationUserDetailSchema = z.strictObject({
  user: moderationUserSummarySchema.extend({
    bio: z.string(),
    country_code: z.string(),
    suspended_until: z.string().nullable(),
    payouts_held: z.boolean(),
    verified: z.boolean(),
    deletion_requested: z.boolean(),
  }),
  /** Reports against the account or its content, newest first (up to 100). */
  reports: z.array(
    z.strictObject({
      id: z.number().int(),
      kind: z.enum(REPORT_KINDS),
      target_id: z.number().int(),
      reason: z.enum(REPORT_REASONS),
      details: z.string(),
      status: z.enum(['open', 'dismissed', 'actioned']),
      reporter: moderationUserRefSchema.nullable(),
      created_at: z.string(),
    }),
  ),
  reports_made: z.number().int(),
  /** The audit log's lines about the account (up to 100). */
  actions: z.array(auditEntrySchema),
  /** What the account bought and earned, newest first (up to 100 each). */
  purchases: z.array(
    z.strictObject({
      kind: z.string(),
      amount: z.number(),
      counterparty: moderationUserRefSchema.nullable(),
      created_at: z.string(),
    }),
  ),
  payouts: z.array(
    z.strictObject({
      id: z.number().int(),
      amount: z.number(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type ModerationUserDetail = z.infer<typeof moderationUserDetailSchema>;

/** GET /api/moderation/streams: streams in progress, most watched first. */
export const moderationStreamsSchema = z.strictObject({
  streams: z.array(
    z.strictObject({
      id: z.number().int(),
      title: z.string(),
      creator: moderationUserRefSchema,
      viewer_count: z.number().int(),
      started_at: z.string().nullable(),
      open_reports: z.number().int(),
    }),
  ),
});

/** A removed item's excerpt on its owner's standing is cut to this many characters. */
export const STANDING_EXCERPT_MAX = 140;

/** GET /api/account/standing: what moderation decided about the signed-in account. */
export const accountStandingSchema = z.strictObject({
  suspended: z.boolean(),
  /** Null while suspended for good, or when not suspended. */
  suspended_until: z.string().nullable(),
  /** The moderator's note on the suspension in force (null when not suspended). */
  suspension_note: z.string().nullable(),
  payouts_held: z.boolean(),
  warnings: z.array(z.strictObject({ note: z.string(), created_at: z.string() })),
  /** The account's content taken down, newest first, with the appeal made, if any. */
  removed: z.array(
    z.strictObject({
      kind: z.enum(['story', 'message', 'stream']),
      id: z.number().int(),
      note: z.string(),
      created_at: z.string(),
      /**
       * What it was, for its owner only: the story's caption, the message's text or the
       * stream's title, cut to STANDING_EXCERPT_MAX characters (null when it had none), and
       * its media's kind. Null when the item itself is gone.
       */
      excerpt: z
        .strictObject({
          text: z.string().nullable(),
          media: z.enum(['photo', 'video', 'voice', 'tip']).nullable(),
        })
        .nullable(),
      appeal: z
        .strictObject({ id: z.number().int(), status: z.enum(['open', 'granted', 'denied']) })
        .nullable(),
    }),
  ),
});
export type AccountStanding = z.infer<typeof accountStandingSchema>;

/** The refused sign-in's `standing_token` (a suspended account has no session). */
export const standingTokenField = z.string().min(1).max(200);

/** POST /api/account/standing/suspended: the standing of a suspended account, by its token. */
export const suspendedStandingBody = z.strictObject({ standing_token: standingTokenField });

/**
 * The fixed paths under /api/admin (issue 29), thin doors onto the console's API above:
 * GET /api/admin/reports?status=open|resolved is the queue (resolved: items whose reports were
 * all decided, newest decision first).
 */
export const adminReportsQuery = z.strictObject({
  status: z.enum(['open', 'resolved']).optional(),
  cursor: z.string().max(100).optional(),
  limit: intParam(1, 50).optional(),
});
/** POST /api/admin/reports/{id}/resolve: the decision on the reported item (and its owner). */
export const resolveReportBody = z.strictObject({
  action: z.enum(['dismiss', 'take_down', 'warn', 'suspend']),
  note: multiLineText({ min: 1, max: MODERATION_NOTE_MAX }),
  /** With `suspend`: the days; absent for good. */
  days: z.number().int().min(1).max(SUSPEND_DAYS_MAX).optional(),
});
/** POST /api/admin/users/{id}/suspend. */
export const suspendUserBody = z.strictObject({
  days: z.number().int().min(1).max(SUSPEND_DAYS_MAX).optional(),
  note: multiLineText({ min: 1, max: MODERATION_NOTE_MAX }),
});
/** POST /api/admin/users/{id}/unsuspend. */
export const unsuspendUserBody = z.strictObject({
  note: multiLineText({ min: 1, max: MODERATION_NOTE_MAX }).optional(),
});
