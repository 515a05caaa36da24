import type { AppNotification } from '@glimpse/contract';
import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { notifications, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { subjectPath } from './notification-links.ts';

export type NotificationRow = typeof notifications.$inferSelect;

/** Where a page of the list starts: after this line (its `updatedAt` and id). */
export interface ListPosition {
  updatedAt: Date;
  id: number;
}

/**
 * The user's lines shown in the app, newest first (by `updatedAt`: a grouped line moves up when
 * it takes another actor), with their actors: given `ids`, those; else a page after `after`.
 */
export async function loadNotifications(
  ctx: Pick<AppContext, 'mediaSigner'>,
  db: DbOrTx,
  userId: number,
  query: { ids?: number[]; after?: ListPosition; limit?: number },
): Promise<AppNotification[]> {
  const conditions = [eq(notifications.userId, userId), eq(notifications.inApp, true)];
  if (query.ids) conditions.push(inArray(notifications.id, query.ids));
  if (query.after)
    conditions.push(
      or(
        lt(notifications.updatedAt, query.after.updatedAt),
        and(
          eq(notifications.updatedAt, query.after.updatedAt),
          lt(notifications.id, query.after.id),
        ),
      )!,
    );
  const rows = await db
    .select({ line: notifications, actor: users })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(...conditions))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(query.limit ?? query.ids?.length ?? 50);
  return rows.map(({ line, actor }) => ({
    id: line.id,
    type: line.type,
    actor: actor
      ? {
          id: actor.id,
          name: actor.name,
          slug: actor.slug,
          avatar_url: actor.avatarThumbKey
            ? ctx.mediaSigner.url(actor.avatarThumbKey, userId)
            : actor.avatarKey
              ? ctx.mediaSigner.url(actor.avatarKey, userId)
              : null,
        }
      : null,
    others: Math.max(0, line.actorCount - 1),
    subject: {
      kind: (line.subject?.kind ?? 'user') as AppNotification['subject']['kind'],
      id: line.subject?.id ?? null,
      path: subjectPath(line.subject, actor?.slug ?? null),
    },
    data: line.data,
    created_at: line.createdAt.toISOString(),
    updated_at: line.updatedAt.toISOString(),
    read: line.readAt !== null,
  }));
}
