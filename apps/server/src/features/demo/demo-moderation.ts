import { asc, eq, inArray } from 'drizzle-orm';
import { TERMS_VERSION } from '@glimpse/contract';
import { messages, reports, stories, users } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../audit/index.ts';
import { createAccount, findAccountByEmail } from '../users/index.ts';

export const DEMO_MODERATOR_EMAIL = 'moderator@demo.glimpse.app';

/**
 * The demo's moderator (issue 29): signs in with the demo password and opens /admin. Resumable:
 * an account a crashed start created is given its role, not signed up again.
 */
export async function seedDemoModerator(ctx: AppContext, passwordHash: string): Promise<number> {
  const now = new Date();
  const earlier = await findAccountByEmail(ctx, DEMO_MODERATOR_EMAIL);
  if (earlier?.role === 'moderator') return earlier.id;
  const user =
    earlier ??
    (await createAccount(ctx, {
      email: DEMO_MODERATOR_EMAIL,
      passwordHash,
      name: 'Demo Moderator',
      birthdate: '1990-04-12',
      sex: 'female',
      countryCode: 'de',
      termsVersion: TERMS_VERSION,
      termsAcceptedAt: now,
      adultConfirmedAt: now,
      emailVerifiedAt: now,
      bio: 'Keeps the demo tidy.',
      guide: false,
    }));
  await inTransaction(ctx.db, async (tx) => {
    await tx.update(users).set({ role: 'moderator' }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      actorId: null,
      action: 'grant_role',
      targetKind: 'user',
      targetId: user.id,
      subjectUserId: user.id,
      note: 'demo seed',
      details: { role: 'moderator', previous: 'user', via: 'demo_seed' },
    });
  });
  return user.id;
}

const HOUR = 3_600_000;

/**
 * A handful of open reports from demo viewers against demo content, so the console's queue has
 * something to show: merged reports of one story, an urgent one, an overdue one, an account and
 * a message. Written straight into the table with spread ages (the API would stamp them now).
 */
export async function seedDemoReports(
  ctx: AppContext,
  creatorIds: number[],
  viewerIds: number[],
): Promise<number> {
  const storyRows = await ctx.db
    .select({ id: stories.id, userId: stories.userId })
    .from(stories)
    .where(inArray(stories.userId, creatorIds))
    .orderBy(asc(stories.id))
    .limit(3);
  const [message] = await ctx.db
    .select({ id: messages.id, senderId: messages.senderId })
    .from(messages)
    .where(inArray(messages.senderId, creatorIds))
    .orderBy(asc(messages.id))
    .limit(1);
  const viewer = (index: number) => viewerIds[index % viewerIds.length]!;
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR);
  const rows: (typeof reports.$inferInsert)[] = [];
  const [first, second, third] = storyRows;
  if (first)
    rows.push(
      ...[
        { reason: 'spam', details: '', hours: 30 },
        { reason: 'scam', details: 'Asks people to pay outside the app', hours: 20 },
        { reason: 'other', details: "Reposted from someone else's account", hours: 5 },
      ].map((report, index) => ({
        kind: 'story' as const,
        targetId: first.id,
        targetUserId: first.userId,
        reporterId: viewer(index),
        reason: report.reason,
        details: report.details,
        createdAt: at(report.hours),
      })),
    );
  if (second)
    rows.push({
      kind: 'story',
      targetId: second.id,
      targetUserId: second.userId,
      reporterId: viewer(3),
      reason: 'non_consensual',
      details: 'I am in this picture and never agreed to it',
      createdAt: at(2),
    });
  if (third)
    rows.push({
      kind: 'story',
      targetId: third.id,
      targetUserId: third.userId,
      reporterId: viewer(4),
      reason: 'violence',
      createdAt: at(80),
    });
  const impersonated = creatorIds[creatorIds.length - 1];
  if (impersonated !== undefined)
    rows.push(
      ...[5, 6].map((index) => ({
        kind: 'user' as const,
        targetId: impersonated,
        targetUserId: impersonated,
        reporterId: viewer(index),
        reason: 'impersonation',
        details: index === 5 ? 'Pretends to be a famous singer' : '',
        createdAt: at(10 - index),
      })),
    );
  if (message)
    rows.push({
      kind: 'message',
      targetId: message.id,
      targetUserId: message.senderId,
      reporterId: viewer(7),
      reason: 'harassment',
      createdAt: at(1),
    });
  // A viewer never reports their own content; the demo's viewers are not creators.
  const fit = rows.filter((row) => row.reporterId !== row.targetUserId);
  if (fit.length > 0) await ctx.db.insert(reports).values(fit).onConflictDoNothing();
  return fit.length;
}
