import type { NotificationType } from '@glimpse/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  notificationMutes,
  notificationPreferences,
  notifications,
} from '../../../../db/schema/index.ts';
import type { TestServer } from '../../../../test/harness.ts';

/** Tests only: the notification lines events wrote, and the settings that silence them. */

export type Line = typeof notifications.$inferSelect;

/** Every line of `type` about `subjectId` (any recipient), oldest first. */
export async function linesAbout(
  server: TestServer,
  type: NotificationType,
  subjectId: number | string,
): Promise<Line[]> {
  return server.ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.type, type),
        sql`${notifications.subject}->>'id' = ${String(subjectId)}`,
      ),
    )
    .orderBy(notifications.id);
}

/** Every line of `type` a user has, oldest first. */
export async function linesOf(
  server: TestServer,
  userId: number,
  type?: NotificationType,
): Promise<Line[]> {
  return server.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), type ? eq(notifications.type, type) : undefined))
    .orderBy(notifications.id);
}

/** Who has a line of `type` among all lines (sorted ids, one per line: duplicates show). */
export async function recipientsOf(server: TestServer, type: NotificationType): Promise<number[]> {
  const rows = await server.ctx.db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.type, type));
  return rows.map((row) => row.userId).sort((a, b) => a - b);
}

/** The user turns `type` off in the app (push and email off too). */
export async function turnOff(
  server: TestServer,
  userId: number,
  type: NotificationType,
): Promise<void> {
  await server.ctx.db
    .insert(notificationPreferences)
    .values({ userId, type, inApp: false, push: false, email: 'off' });
}

/** The user keeps `type` only by push: a line is written but hidden from the app's list. */
export async function pushOnly(
  server: TestServer,
  userId: number,
  type: NotificationType,
): Promise<void> {
  await server.ctx.db
    .insert(notificationPreferences)
    .values({ userId, type, inApp: false, push: true, email: 'off' });
}

/** The user mutes a creator's notifications. */
export async function mute(server: TestServer, userId: number, creatorId: number): Promise<void> {
  await server.ctx.db.insert(notificationMutes).values({ userId, creatorId });
}
