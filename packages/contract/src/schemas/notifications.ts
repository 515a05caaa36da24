import { z } from 'zod';
import { EMAIL_MODES, NOTIFICATIONS_PAGE_MAX, NOTIFICATION_TYPES } from '../notification-types.ts';
import { intParam } from './common.ts';

/** Notifications (issue 28): the in-app list, preferences, muted creators, Web Push. */

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** Who did it, as the line shows them (null when the account is gone). */
export const notificationActorSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  avatar_url: z.string().nullable(),
});

/** What the line opens: a story, a stream, a chat, the wallet, account security... */
export const notificationSubjectSchema = z.strictObject({
  kind: z.enum([
    'story',
    'stream',
    'chat',
    'channel',
    'user',
    'wallet',
    'verification',
    'security',
    // Trust and safety (issue 29): a creator's copyright notices, an appeal, the standing screen.
    'copyright',
    'appeal',
    'standing',
  ]),
  id: z.union([z.number().int(), z.string()]).nullable(),
  /** The app path it opens ("/stories/12", "/messages/4", "/wallet"). */
  path: z.string(),
});

export const notificationSchema = z.strictObject({
  id: z.number().int(),
  type: notificationTypeSchema,
  actor: notificationActorSchema.nullable(),
  /** With a grouped line, how many others besides `actor` ("Anna and 12 others"). */
  others: z.number().int().min(0),
  subject: notificationSubjectSchema,
  /** Figures the text needs: `amount`, `title`, `outcome`... */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  created_at: z.string(),
  updated_at: z.string(),
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: newest first; `cursor` from the previous page's `next_cursor`. */
export const notificationsQuery = z.strictObject({
  cursor: z.string().max(100).optional(),
  limit: intParam(1, NOTIFICATIONS_PAGE_MAX).optional(),
});
export const notificationsPageSchema = z.strictObject({
  items: z.array(notificationSchema),
  next_cursor: z.string().nullable(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.strictObject({ count: z.number().int().min(0) });

/** POST /api/notifications/read: these lines, or every line. */
export const markReadBody = z.union([
  z.strictObject({ ids: z.array(z.number().int().positive()).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;

export const notificationPreferenceSchema = z.strictObject({
  type: notificationTypeSchema,
  in_app: z.boolean(),
  push: z.boolean(),
  email: z.enum(EMAIL_MODES),
});

/** Minutes after midnight. */
const minuteOfDay = z
  .number()
  .int()
  .min(0)
  .max(24 * 60 - 1);

export const quietHoursSchema = z.strictObject({ start: minuteOfDay, end: minuteOfDay });

export const notificationSettingsSchema = z.strictObject({
  types: z.array(notificationPreferenceSchema),
  /** Push waits (is not sent) during these hours of the user's time zone; null: never quiet. */
  quiet_hours: quietHoursSchema.nullable(),
  /** An IANA zone ("Europe/Berlin"): quiet hours and the daily digest follow it. */
  time_zone: z.string(),
  muted: z.array(notificationActorSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT /api/notifications/settings: only what is given changes. */
export const updateNotificationSettingsBody = z.strictObject({
  types: z.array(notificationPreferenceSchema).max(NOTIFICATION_TYPES.length).optional(),
  quiet_hours: quietHoursSchema.nullable().optional(),
  time_zone: z.string().min(1).max(64).optional(),
});

/** A browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+=*$/),
    auth: z
      .string()
      .min(8)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+=*$/),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushUnsubscribeBody = z.strictObject({ endpoint: z.string().max(2048) });

export const pushKeySchema = z.strictObject({
  /** The VAPID public key, base64url: the browser's applicationServerKey. */
  public_key: z.string(),
});

/** The token of a mailed one-click unsubscribe link (RFC 8058). */
export const unsubscribeParams = z.strictObject({
  token: z
    .string()
    .min(20)
    .max(300)
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'token_invalid' }),
});
/** What was turned off: one type's email, or (`digest`) every type the daily digest carried. */
export const unsubscribeResponse = z.strictObject({
  type: z.union([notificationTypeSchema, z.literal('digest')]),
});
