import './live-texts.ts';
import type { Stream } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { routes } from '../../routes.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { usePublicProfile } from '../profile/index.ts';
import { LiveChat } from './LiveChat.tsx';
import { LiveVideo } from './LiveVideo.tsx';
import { useRefreshPlayback, useUserStream } from './live.queries.ts';
import {
  LoadingStream,
  NotLive,
  PayToWatch,
  StreamEnded,
  StreamRestricted,
  StreamStarting,
  type StreamPaths,
} from './StreamStates.tsx';
import { useStreamPresence } from './use-stream-presence.ts';

/**
 * otherUser.profile.viewStreams (spec 2): the creator by slug (an unknown one goes to 404),
 * then their stream: not live, starting, pay to watch, followers or subscribers only, or the
 * player beside the live chat. `fromHome` sends Back home, otherwise to the profile.
 */
export function StreamWatchScreen() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const profile = usePublicProfile(slug);
  const profilePath = routes['otherUser.profile.viewSlug']({ slug });
  const paths: StreamPaths = {
    back: search.get('fromHome') === '1' ? routes['auth.home']() : profilePath,
    profile: profilePath,
  };
  if (profile.isPending) return <PageSpinner />;
  if (isApiError(profile.error, 'user_not_found')) {
    return <Navigate to={routes['404']()} replace />;
  }
  if (profile.isError) return <ErrorState onRetry={() => void profile.refetch()} />;
  return <UserStream userId={profile.data.id} name={profile.data.name} paths={paths} />;
}

interface UserStreamProps {
  userId: number;
  name: string;
  paths: StreamPaths;
}

function UserStream({ userId, name, paths }: UserStreamProps) {
  const query = useUserStream(userId);
  // The stream this screen has shown playing. When it ends it stays on its stage, whose overlay
  // says so: `stream.ended` and the player's last failed load (which fetches the stream, now
  // ended) race, and the viewer sees the same end whichever arrives first.
  const [stagedId, setStagedId] = useState<number | null>(null);
  useRealtimeEvent('stream.started', (payload) => {
    if (payload.user_id === userId) void query.refetch();
  });
  if (query.isPending) return <LoadingStream name={name} paths={paths} />;
  if (query.isError) {
    if (isApiError(query.error, 'stream_not_found')) return <NotLive name={name} paths={paths} />;
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  const stream = query.data;
  if (stream.status === 'ended') {
    if (stagedId === stream.id) return <LiveStage key={stream.id} stream={stream} paths={paths} />;
    return <StreamEnded name={name} paths={paths} />;
  }
  if (!stream.isAvailable) {
    if (stream.needsPayment) return <PayToWatch stream={stream} paths={paths} />;
    return <StreamRestricted stream={stream} paths={paths} />;
  }
  if (!stream.playback_url) return <StreamStarting stream={stream} paths={paths} />;
  if (stagedId !== stream.id) setStagedId(stream.id);
  return <LiveStage key={stream.id} stream={stream} paths={paths} />;
}

/** Watching: the video, and the live chat below it (phone) or beside it (from 1024 px). */
function LiveStage({ stream, paths }: { stream: Stream; paths: StreamPaths }) {
  const { t } = useTranslation();
  const refreshPlayback = useRefreshPlayback(stream.user_id);
  const handleLoadFailed = () => void refreshPlayback(stream.id);
  const presence = useStreamPresence({
    streamId: stream.id,
    initialViewers: stream.viewer_count,
    onGone: handleLoadFailed,
  });
  // `stream.ended`, or the stream read again (a failed load) says so: whichever comes first.
  const ended = presence.ended || stream.status === 'ended';
  return (
    <div className="flex h-dvh flex-col bg-black lg:flex-row">
      <main id="main" className="relative h-[42dvh] min-h-56 shrink-0 lg:h-auto lg:flex-1">
        <h1 className="sr-only">{t('live.watch.heading', { name: stream.name })}</h1>
        <LiveVideo
          stream={stream}
          paths={paths}
          viewers={presence.viewers}
          ended={ended}
          onLoadFailed={handleLoadFailed}
        />
      </main>
      {stream.chat_id !== null && (
        <LiveChat
          chatId={stream.chat_id}
          creator={{ id: stream.user_id, username: stream.slug, verified: stream.verified }}
          creatorName={stream.name}
          isOwner={stream.isOwner}
          ended={ended}
          className="flex-1 lg:w-96 lg:flex-none lg:border-l lg:border-neutral-800 lg:dark:border-neutral-200"
        />
      )}
    </div>
  );
}
