import type { AppContext } from '../../platform/context.ts';
import { streamTestPattern } from '../live/index.ts';
import { findAccountByEmail } from '../users/index.ts';
import { DEMO_PEOPLE, demoEmail } from './demo-people.ts';

/** The demo creator who is live while the demo runs (Ben: Anna carries the demo's chats). */
export const DEMO_LIVE_CREATOR = DEMO_PEOPLE[1]!;

/**
 * Puts the demo creator live with a generated test pattern, so the Streams tab has someone live
 * on a fresh install. Nothing happens without the demo data (or with DEMO_LIVE=false: the
 * caller checks). Answers the stream's id.
 */
export async function startDemoLive(ctx: AppContext): Promise<number | undefined> {
  const creator = await findAccountByEmail(ctx, demoEmail(DEMO_LIVE_CREATOR));
  if (!creator) return undefined;
  const streamId = await streamTestPattern(ctx, creator.id, 'Live now: demo test pattern');
  if (streamId !== undefined) {
    ctx.log.info(`demo seed: ${DEMO_LIVE_CREATOR.name} is live (stream ${streamId})`);
  }
  return streamId;
}
