import type { OwnStream } from '@glimpse/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { call, isApiError } from '../../lib/api.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { LiveChat, useStreamPresence } from '../live/index.ts';
import type { IngestState } from './browser-ingest.ts';
import { useEndStream } from './go-live.queries.ts';
import { LiveStatus, type SessionStatus } from './LiveStatus.tsx';
import type { EndedStream } from './StreamSummary.tsx';

interface LiveSessionProps {
  stream: OwnStream;
  /** The browser ingest's state; undefined when OBS sends the video. */
  ingest: IngestState | undefined;
  /**
   * The stream is over (End, the server ended it, or the grace ran out): sending stops, and the
   * screen sums it up with what this session saw.
   */
  onEnded: (ended: EndedStream) => void;
}

/** While live: the status line, viewers, End, and the live chat (the creator's view of it). */
export function LiveSession({ stream, ingest, onEnded }: LiveSessionProps) {
  const { notifyError } = useSnackbar();
  const endStream = useEndStream();
  const [obsLive, setObsLive] = useState(false);
  const presence = useStreamPresence({
    streamId: stream.id,
    initialViewers: stream.viewer_count,
    onGone: () => onEnded({ stream, peakViewers: peak }),
  });
  // The most viewers at once: the server keeps only the count of now.
  const [peak, setPeak] = useState(stream.viewer_count);
  if (presence.viewers > peak) setPeak(presence.viewers);
  // OBS: the server says when its video arrives (stream.started), polled as a backstop.
  const obs = useQuery({
    queryKey: ['go-live', 'stream', stream.id],
    queryFn: () => call('stream', { params: { id: stream.id } }),
    enabled: ingest === undefined && !obsLive,
    refetchInterval: 3_000,
  });
  useRealtimeEvent('stream.started', (payload) => {
    if (payload.stream_id === stream.id) setObsLive(true);
  });
  const ended = presence.ended || ingest?.status === 'ended' || obs.data?.status === 'ended';
  const handleEnded = useEffectEvent(() =>
    onEnded({ stream: obs.data ?? stream, peakViewers: peak }),
  );
  useEffect(() => {
    if (ended) handleEnded();
  }, [ended]);

  const status: SessionStatus =
    ingest ??
    (obsLive || obs.data?.status === 'live'
      ? { status: 'live', secondsLeft: 0 }
      : { status: 'waiting', secondsLeft: 0 });

  function handleEnd() {
    endStream.mutate(stream.id, {
      onSuccess: (final) => onEnded({ stream: final, peakViewers: peak }),
      // Already over on the server: nothing left to end.
      onError: (error) =>
        isApiError(error, 'stream_not_found')
          ? onEnded({ stream, peakViewers: peak })
          : notifyError(error),
    });
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-4">
      <LiveStatus
        state={status}
        viewers={presence.viewers}
        ending={endStream.isPending}
        onEnd={handleEnd}
      />
      {stream.chat_id !== null && (
        <LiveChat
          chatId={stream.chat_id}
          creator={{ id: stream.user_id, username: stream.slug, verified: stream.verified }}
          creatorName={stream.name}
          isOwner
          className="h-[28rem] rounded-2xl border border-neutral-200 lg:h-[min(36rem,calc(100dvh-14rem))]"
        />
      )}
    </div>
  );
}
