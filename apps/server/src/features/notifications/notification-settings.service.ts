import {
  ALWAYS_ON_TYPES,
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
} from '@glimpse/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  notificationMutes,
  notificationPreferences,
  notificationSettings,
  users,
} from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { requireAccess } from '../access/index.ts';

type SettingsUpdate = {
  types?: NotificationSettings['types'];
  quiet_hours?: NotificationSettings['quiet_hours'];
  time_zone?: string;
};

/** Whether the runtime knows the IANA zone (the digest and quiet hours compute with Intl). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const forced = (type: NotificationType, inApp: boolean) =>
  ALWAYS_ON_TYPES.includes(type) ? true : inApp;

/** GET /api/notifications/settings: every type (chosen rows over the defaults), hours, mutes. */
export async function getNotificationSettings(
  ctx: AppContext,
  userId: number,
): Promise<NotificationSettings> {
  const [rows, [settings], muted] = await Promise.all([
    ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
    ctx.db
      .select({ user: users })
      .from(notificationMutes)
      .innerJoin(users, eq(users.id, notificationMutes.creatorId))
      .where(eq(notificationMutes.userId, userId))
      .orderBy(desc(notificationMutes.createdAt)),
  ]);
  const chosen = new Map(rows.map((row) => [row.type, row]));
  return {
    types: NOTIFICATION_TYPES.map((type) => {
      const row = chosen.get(type);
      const preference = row
        ? { in_app: row.inApp, push: row.push, email: row.email }
        : DEFAULT_NOTIFICATION_PREFERENCES[type];
      return { type, ...preference, in_app: forced(type, preference.in_app) };
    }),
    quiet_hours:
      settings?.quietStart != null && settings.quietEnd != null
        ? { start: settings.quietStart, end: settings.quietEnd }
        : null,
    time_zone: settings?.timeZone ?? 'UTC',
    muted: muted.map(({ user }) => ({
      id: user.id,
      name: user.name,
      slug: user.slug,
      avatar_url: user.avatarThumbKey
        ? ctx.mediaSigner.url(user.avatarThumbKey, userId)
        : user.avatarKey
          ? ctx.mediaSigner.url(user.avatarKey, userId)
          : null,
    })),
  };
}

/**
 * PUT /api/notifications/settings: only what is given changes; a type given twice takes its
 * last entry; the always-on (security) types keep the app channel whatever is sent.
 */
export async function updateNotificationSettings(
  ctx: AppContext,
  userId: number,
  update: SettingsUpdate,
): Promise<NotificationSettings> {
  if (update.time_zone !== undefined && !isTimeZone(update.time_zone))
    throw new AppError('time_zone_invalid');
  await inTransaction(ctx.db, async (tx) => {
    const types = [...new Map((update.types ?? []).map((t) => [t.type, t])).values()];
    if (types.length > 0)
      await tx
        .insert(notificationPreferences)
        .values(
          types.map((t) => ({
            userId,
            type: t.type,
            inApp: forced(t.type, t.in_app),
            push: t.push,
            email: t.email,
          })),
        )
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: {
            inApp: sql`excluded.in_app`,
            push: sql`excluded.push`,
            email: sql`excluded.email`,
          },
        });
    const set: Partial<typeof notificationSettings.$inferInsert> = {};
    if (update.time_zone !== undefined) set.timeZone = update.time_zone;
    if (update.quiet_hours !== undefined) {
      set.quietStart = update.quiet_hours?.start ?? null;
      set.quietEnd = update.quiet_hours?.end ?? null;
    }
    if (Object.keys(set).length > 0)
      await tx
        .insert(notificationSettings)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: notificationSettings.userId, set });
  });
  return getNotificationSettings(ctx, userId);
}

/**
 * POST /api/users/{id}/mute-notifications: the creator's posts and streams stop reaching the
 * user. A creator the user may not see (unknown, or hiding from them by a block) answers
 * user_not_found, as their profile does. Muting oneself is accepted and stores nothing: no
 * event of one's own notifies oneself anyway, and the muted list stays others only.
 */
export async function muteCreator(
  ctx: AppContext,
  userId: number,
  creatorId: number,
): Promise<void> {
  await requireAccess(ctx, userId, 'user.view', [creatorId]);
  if (creatorId === userId) return;
  await ctx.db.insert(notificationMutes).values({ userId, creatorId }).onConflictDoNothing();
}

/**
 * DELETE /api/users/{id}/mute-notifications: idempotent and answered for any id, without a
 * lookup: lifting a mute reveals nothing, and one on a creator now hidden must still be
 * removable.
 */
export async function unmuteCreator(
  ctx: AppContext,
  userId: number,
  creatorId: number,
): Promise<void> {
  await ctx.db
    .delete(notificationMutes)
    .where(and(eq(notificationMutes.userId, userId), eq(notificationMutes.creatorId, creatorId)));
}
