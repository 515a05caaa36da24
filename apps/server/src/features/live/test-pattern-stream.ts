import type { AppContext } from '../../platform/context.ts';
import { ingestOf } from './ingest-registry.ts';
import { createStream } from './streams.service.ts';
import * as repo from './streams.repository.ts';

/**
 * Puts a creator live with a generated test pattern (ffmpeg lavfi, through the same HLS writer
 * and lifecycle as a real ingest). Their open stream is continued (after a restart); if they
 * ended it, a new one starts under `title`. Answers the stream's id, or undefined on a node
 * without an ingest.
 */
export async function streamTestPattern(
  ctx: AppContext,
  creatorId: number,
  title: string,
): Promise<number | undefined> {
  const ingest = ingestOf(ctx);
  if (!ingest) return undefined;
  const streamId =
    (await repo.findOpenStreamOf(ctx.db, creatorId)) ??
    (
      await createStream(ctx, creatorId, {
        title,
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
  return streamId;
}
