import { useEffect, useState } from 'react';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { leaveStream, useRealtimeConnection, watchStream } from '../../lib/realtime-rooms.ts';

interface PresenceOptions {
  streamId: number;
  /** The count the stream answered with, until the socket tells a newer one. */
  initialViewers: number;
  /** The server no longer knows the stream for this viewer (ended, or access gone). */
  onGone: () => void;
}

/**
 * Being a viewer: `stream.watch` on open and after every reconnect (the room went with the old
 * socket), `stream.leave` on close; the viewer count from the acknowledgement and from
 * `stream.viewers`; `stream.ended` for this stream.
 */
export function useStreamPresence({ streamId, initialViewers, onGone }: PresenceOptions) {
  const [viewers, setViewers] = useState(initialViewers);
  const [ended, setEnded] = useState(false);

  useRealtimeConnection(() => {
    void watchStream(streamId).then((answer) => {
      if (answer?.ok) setViewers(answer.viewers);
      else if (answer) onGone();
    });
  }, !ended);

  useEffect(() => () => leaveStream(streamId), [streamId]);

  useRealtimeEvent('stream.viewers', (payload) => {
    if (payload.stream_id === streamId) setViewers(payload.viewers);
  });
  useRealtimeEvent('stream.ended', (payload) => {
    if (payload.stream_id === streamId) setEnded(true);
  });
  // Taken down by a moderator (issue 29): the same ended state, whichever event comes first.
  useRealtimeEvent('content.removed', (payload) => {
    if (payload.kind === 'stream' && payload.id === streamId) setEnded(true);
  });

  return { viewers, ended };
}
