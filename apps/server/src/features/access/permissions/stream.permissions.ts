import { AppError } from '../../../platform/errors/app-error.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { streamFacts, type StreamFact } from '../stream-facts.repository.ts';

/**
 * Whether the viewer may know of the stream (read it, see it listed): its creator always;
 * anyone else signed in whom the creator did not block, when the audience takes them in
 * (everyone; followers: a follower or subscriber; subscribers: an active subscriber), unless the
 * creator's account is being deleted.
 */
export function streamVisible(stream: StreamFact, viewer: Viewer): boolean {
  if (viewer === null) return false;
  if (stream.creatorId === viewer) return true;
  if (stream.blocksViewer || stream.creatorHidden) return false;
  if (stream.audience === 'followers') return stream.follows || stream.subscribed;
  if (stream.audience === 'subscribers') return stream.subscribed;
  return true;
}

/** A priced stream the viewer has not paid for yet (never the creator's own). */
export function streamNeedsPayment(stream: StreamFact, viewer: Viewer): boolean {
  return stream.creatorId !== viewer && stream.priceCents !== null && !stream.entered;
}

export function decideStreamView(stream: StreamFact, viewer: Viewer): Verdict {
  return streamVisible(stream, viewer) ? 'allow' : 'hidden';
}

/**
 * Watch it now (playlists and segments, its live chat, the viewers' room): visible, and for
 * anyone but the creator not ended and, when priced, paid for. Checked on every playlist and
 * segment request, so a subscription that ends stops the video, not only the page.
 */
export function decideStreamWatch(stream: StreamFact, viewer: Viewer): Verdict {
  if (!streamVisible(stream, viewer)) return 'hidden';
  if (stream.creatorId === viewer) return 'allow';
  if (stream.status === 'ended' || streamNeedsPayment(stream, viewer)) return 'forbidden';
  return 'allow';
}

/** End it (or read its ingest details): the creator; others who see it learn only "not yours". */
export function decideStreamManage(stream: StreamFact, viewer: Viewer): Verdict {
  if (stream.creatorId === viewer) return 'allow';
  return streamVisible(stream, viewer) ? 'forbidden' : 'hidden';
}

/**
 * Send video to it (RTMP, the browser's ingest socket): its creator while it has not ended.
 * Anyone else is not told it exists, whatever its audience; `forbidden` is the creator's
 * stream that ended.
 */
export function decideStreamIngest(stream: StreamFact, viewer: Viewer): Verdict {
  if (viewer === null || stream.creatorId !== viewer) return 'hidden';
  return stream.status === 'ended' ? 'forbidden' : 'allow';
}

/** What `explainAccess` tells of a stream: whether paying its entry is what stands in the way. */
export interface StreamSubject {
  creatorId: number;
  ended: boolean;
  /** Null for a free stream. */
  priceCents: number | null;
  /** Priced, not the viewer's own, and not paid for yet. */
  needsPayment: boolean;
}

const notFound = () => new AppError('stream_not_found');

function streamPermission(decide: (stream: StreamFact, viewer: Viewer) => Verdict) {
  return definePermission<number, StreamFact, StreamSubject>({
    load: streamFacts,
    idOf: (stream) => stream.id,
    decide,
    refusals: { hidden: notFound, forbidden: () => new AppError('forbidden') },
    describe: (stream, viewer) => ({
      creatorId: stream.creatorId,
      ended: stream.status === 'ended',
      priceCents: stream.priceCents,
      needsPayment: streamNeedsPayment(stream, viewer),
    }),
  });
}

export const streamPermissions = {
  /** Read a stream (GET /api/streams/{id}, a user's open stream). */
  'stream.view': streamPermission(decideStreamView),
  /** Play it, chat in it, be counted in its room. */
  'stream.watch': streamPermission(decideStreamWatch),
  /** End it: its creator. */
  'stream.manage': streamPermission(decideStreamManage),
  /** Feed it video (features/live ingest). */
  'stream.ingest': streamPermission(decideStreamIngest),
};
