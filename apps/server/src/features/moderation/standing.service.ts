import { STANDING_EXCERPT_MAX, type AccountStanding, type ReportKind } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { standingTokenUser } from '../auth/index.ts';
import { messagesByIds, storiesByIds, streamsByIds } from './items.repository.ts';
import * as repo from './lookup.repository.ts';

const HISTORY_MAX = 100;

type Excerpt = AccountStanding['removed'][number]['excerpt'];

/** Cut at a whole character (not half a surrogate pair), with an ellipsis when cut. */
function cut(text: string | null): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const chars = [...trimmed];
  return chars.length <= STANDING_EXCERPT_MAX
    ? trimmed
    : `${chars
        .slice(0, STANDING_EXCERPT_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * What each removed item was, for the owner's own standing (never anyone else's answer): read
 * from the rows themselves, which a takedown marks but keeps. No media URL: taken-down media is
 * refused to everyone but staff, so the kind of media is named instead.
 */
async function excerptsOf(ctx: AppContext, ids: Record<ContentKind, number[]>) {
  const [storyRows, messageRows, streamRows] = await Promise.all([
    storiesByIds(ctx.db, ids.story),
    messagesByIds(ctx.db, ids.message),
    streamsByIds(ctx.db, ids.stream),
  ]);
  const excerpts = new Map<string, Excerpt>();
  for (const story of storyRows)
    excerpts.set(`story:${story.id}`, {
      text: cut(story.text),
      media: story.isVideo ? 'video' : 'photo',
    });
  for (const message of messageRows)
    if (!message.deletedAt)
      excerpts.set(`message:${message.id}`, {
        text: cut(message.body),
        media:
          message.type === 'audio'
            ? 'voice'
            : message.type === 'user_tip' || message.type === 'creator_tip'
              ? 'tip'
              : null,
      });
  for (const stream of streamRows)
    excerpts.set(`stream:${stream.id}`, { text: cut(stream.title), media: 'video' });
  return excerpts;
}

const CONTENT_KINDS = ['story', 'message', 'stream'] as const;
type ContentKind = (typeof CONTENT_KINDS)[number];
const isContentKind = (kind: string): kind is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(kind);

/**
 * The text of an item taken down, cut as the standing page shows it, for the notice that tells
 * its owner (null when it had none: a photo without a caption, a voice message).
 */
export async function removedItemText(
  ctx: AppContext,
  kind: ReportKind,
  id: number,
): Promise<string | null> {
  if (!isContentKind(kind)) return null;
  const ids: Record<ContentKind, number[]> = { story: [], message: [], stream: [] };
  ids[kind] = [id];
  return (await excerptsOf(ctx, ids)).get(`${kind}:${id}`)?.text ?? null;
}

/**
 * GET /api/account/standing: what moderation decided about the signed-in account: suspension,
 * payout hold, warnings (audit `warn` lines), content taken down (audit `take_down` lines) with
 * the appeal made against each.
 */
export async function accountStanding(ctx: AppContext, userId: number): Promise<AccountStanding> {
  const standing = await repo.standingOf(ctx.db, userId);
  if (!standing) throw new AppError('user_not_found');
  const [lines, appeals] = await Promise.all([
    repo.auditLinesAbout(ctx.db, userId, ['warn', 'take_down', 'suspend'], HISTORY_MAX),
    repo.appealsOf(ctx.db, userId),
  ]);
  const appealOf = (kind: ReportKind, id: number) => {
    const appeal = appeals.find((row) => row.kind === kind && row.targetId === id);
    return appeal ? { id: appeal.id, status: appeal.status } : null;
  };
  const removedIds: Record<ContentKind, number[]> = { story: [], message: [], stream: [] };
  for (const line of lines)
    if (line.action === 'take_down' && isContentKind(line.targetKind) && line.targetId !== null)
      removedIds[line.targetKind].push(line.targetId);
  const excerpts = await excerptsOf(ctx, removedIds);
  const seen = new Set<string>();
  return {
    suspended: standing.suspendedAt !== null,
    suspended_until: standing.suspendedUntil?.toISOString() ?? null,
    // Lines are newest first: the newest suspension is the one in force.
    suspension_note:
      standing.suspendedAt === null
        ? null
        : (lines.find((line) => line.action === 'suspend')?.note ?? null),
    payouts_held: standing.payoutsHeldAt !== null,
    warnings: lines
      .filter((line) => line.action === 'warn')
      .map((line) => ({ note: line.note, created_at: line.createdAt.toISOString() })),
    removed: lines.flatMap((line) => {
      if (line.action !== 'take_down' || !isContentKind(line.targetKind)) return [];
      if (line.targetId === null) return [];
      // One entry per item: its newest takedown.
      const key = `${line.targetKind}:${line.targetId}`;
      if (seen.has(key)) return [];
      seen.add(key);
      return [
        {
          kind: line.targetKind,
          id: line.targetId,
          note: line.note,
          created_at: line.createdAt.toISOString(),
          excerpt: excerpts.get(key) ?? null,
          appeal: appealOf(line.targetKind, line.targetId),
        },
      ];
    }),
  };
}

/**
 * POST /api/account/standing/suspended: a suspended account has no session (issue 29), so the
 * token its refused sign-in carried reads the same standing, only while it is still suspended
 * (after the suspension ends, the owner signs in and reads it there).
 */
export async function suspendedStanding(ctx: AppContext, token: string): Promise<AccountStanding> {
  const userId = standingTokenUser(ctx.config.secret, token);
  const standing = await accountStanding(ctx, userId).catch((error: unknown) => {
    if (error instanceof AppError && error.errKey === 'user_not_found')
      throw new AppError('token_invalid');
    throw error;
  });
  if (!standing.suspended) throw new AppError('token_invalid');
  return standing;
}
