import type { NotificationType } from '@glimpse/contract';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, notifications, streams } from '../../../db/schema/index.ts';
import type { TestServer } from '../../../test/harness.ts';
import { signedUpUser } from '../../../test/factories.ts';
import { seedStory } from '../../../test/access-fixtures.ts';
import { grantRole } from '../../staff/index.ts';

/** Tests only: a signed-in account given a staff role by the command line's own code. */
export async function staffMember(server: TestServer, role: 'moderator' | 'admin') {
  const person = await signedUpUser(server);
  await grantRole(server.ctx, person.body.email, role);
  return person;
}

/** A live stream for everyone, straight into the table (no ingest needed to report it). */
export async function seedLiveStream(server: TestServer, creatorId: number): Promise<number> {
  const [row] = await server.ctx.db
    .insert(streams)
    .values({
      creatorId,
      title: 'Live now',
      audience: 'everyone',
      ingest: 'browser',
      status: 'live',
      startedAt: new Date(),
      lastDataAt: new Date(Date.now() + 60 * 60 * 1000),
    })
    .returning({ id: streams.id });
  return row!.id;
}

/** The notifications of one type a user got (the bell's rows). */
export function notificationsOf(server: TestServer, userId: number, type: NotificationType) {
  return server.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

export function auditLinesAbout(server: TestServer, subjectId: number) {
  return server.ctx.db.select().from(auditLog).where(eq(auditLog.subjectUserId, subjectId));
}

/** An owner's story reported by `count` viewers, each report answered 201. */
export async function storyReportedBy(server: TestServer, count: number, reason: string) {
  const owner = await signedUpUser(server);
  const story = await seedStory(server, owner.user.id);
  const reporters: Awaited<ReturnType<typeof signedUpUser>>[] = [];
  for (let i = 0; i < count; i += 1) {
    const reporter = await signedUpUser(server);
    const response = await reporter.client.post('/api/reports', {
      target_type: 'story',
      target_id: story.id,
      reason,
    });
    expect(response.statusCode).toBe(201);
    reporters.push(reporter);
  }
  return { owner, story, reporters };
}
