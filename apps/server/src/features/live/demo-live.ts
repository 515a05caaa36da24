import type { AppContext } from '../../platform/context.ts';
import { DEMO_PEOPLE, demoEmail } from '../demo/index.ts';
import { findAccountByEmail } from '../users/index.ts';
import { ingestOf } from './ingest-registry.ts';
import { createStream } from './streams.service.ts';
import * as repo from './streams.repository.ts';

/** The demo creator who is live while the demo runs (Ben: Anna carries the demo's chats). */
export const DEMO_LIVE_CREATOR = DEMO_PEOPLE[1]!;

/**
 * Puts the demo creator live with a generated test pattern (ffmpeg lavfi, through the same HLS
 * writer and lifecycle as a real ingest), so the Streams tab has someone live on a fresh
 * install. Their open stream is continued after a restart; if they ended it, a new one starts.
 * Nothing happens without the demo data (or with DEMO_LIVE=false: the caller checks).
 * Answers the stream's id.
 */
export async function startDemoLive(ctx: AppContext): Promise<number | undefined> {
  const creator = await findAccountByEmail(ctx, demoEmail(DEMO_LIVE_CREATOR));
  const ingest = ingestOf(ctx.db);
  if (!creator || !ingest) return undefined;
  const streamId =
    (await repo.findOpenStreamOf(ctx.db, creator.id)) ??
    (
      await createStream(ctx, creator.id, {
        title: 'Live now: demo test pattern',
        audience: 'everyone',
        price: null,
        ingest: 'browser',
        record: false,
      })
    ).id;
  // Nothing to close: the generated stream stops with its writer.
  ingest.connect(streamId, {
    input: { kind: 'testPattern' },
    close: () => undefined,
    isOpen: () => true,
    feeds: false,
  });
  ctx.log.info(`demo seed: ${DEMO_LIVE_CREATOR.name} is live (stream ${streamId})`);
  return streamId;
}
