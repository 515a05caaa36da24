// Enforcement (issue 29): what a moderator's decision does to the product, on every node.
// Each verb does the effect only (the actions write the audit log), and is idempotent: a second
// call changes nothing and does not throw. docs/trust-and-safety/enforcement.md has the whole
// picture: every surface and what hides the item there.
import { chatRoom } from '@glimpse/contract';
import type { AppContext } from '../../../platform/context.ts';
import { endAllSessions } from '../../auth/index.ts';
import { channelOf, restoreMessage, takeDownMessage } from '../../chats/index.ts';
import { endOpenStreamOf, restoreStream, takeDownStream } from '../../live/index.ts';
import { refundSubscribersOf } from '../../money/index.ts';
import { restoreStory, takeDownStory } from '../../stories/index.ts';
import { clearSuspension, setPayoutsHeld, setSuspension } from '../../users/index.ts';

export type TakedownKind = 'story' | 'message' | 'stream';

/** Takes an item down everywhere; answers its owner's id, or null when no such item. */
export async function takeDown(
  ctx: AppContext,
  kind: TakedownKind,
  id: number,
): Promise<{ ownerId: number } | null> {
  if (kind === 'story') return takeDownStory(ctx, id);
  if (kind === 'message') return takeDownMessage(ctx, id);
  return takeDownStream(ctx, id);
}

/**
 * Puts a taken-down item back (an appeal granted, a counter-notice's time over): a story is
 * `ready` again, a message shows again, a stream stays ended but its replay comes back.
 */
export async function restore(
  ctx: AppContext,
  kind: TakedownKind,
  id: number,
): Promise<{ ownerId: number } | null> {
  if (kind === 'story') return restoreStory(ctx, id);
  if (kind === 'message') return restoreMessage(ctx, id);
  return restoreStream(ctx, id);
}

/**
 * Suspends an account until `until`, or for good when null (a second call moves the end).
 * Committed first, so from then on every read hides the account (access facts), sign-in is
 * refused, renewals and payouts stop; then its sessions and sockets end on every node, its
 * stream ends for every watcher, and sockets in its channel are taken out. For good, its
 * subscribers get the unused part of their periods back, once.
 */
export async function suspend(ctx: AppContext, userId: number, until: Date | null): Promise<void> {
  if (!(await setSuspension(ctx.db, userId, until))) return;
  await endAllSessions(ctx, userId);
  await endOpenStreamOf(ctx, userId);
  const channel = await channelOf(ctx, userId);
  if (channel !== undefined) await ctx.realtime.recheckRoomAccess({ rooms: [chatRoom(channel)] });
  if (until === null) await refundSubscribersOf(ctx, userId);
}

/** Lifts a suspension (a moderator, an appeal, or the sweep when its time is over). */
export async function unsuspend(ctx: AppContext, userId: number): Promise<void> {
  await clearSuspension(ctx.db, userId);
}

/** Holds or releases an account's payouts (earnings keep accruing meanwhile). */
export async function setPayoutHold(ctx: AppContext, userId: number, held: boolean): Promise<void> {
  await setPayoutsHeld(ctx.db, userId, held);
}
