import type { Stream } from '@glimpse/contract';
import { Maximize, Minimize, Play, Volume2, VolumeX } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass, focusRing, IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { FINE_POINTER_QUERY, useMediaQuery } from '../../ui/use-media-query.ts';
import { LiveBadge } from './LiveBadge.tsx';
import { BackLink, type StreamPaths } from './StreamStates.tsx';
import { useFullscreen, useFullscreenKeys } from './use-fullscreen.ts';
import { useLivePlayer } from './use-live-player.ts';
import { ViewerCount } from './ViewerCount.tsx';
import { ReportOnlyMenu } from '../reports/index.ts';

interface LiveVideoProps {
  stream: Stream;
  paths: StreamPaths;
  viewers: number;
  /** `stream.ended` arrived: the player stops and the overlay says so. */
  ended: boolean;
  onLoadFailed: () => void;
}

/**
 * The player: the video starts muted near the live edge (browsers let only silent video start
 * by itself) with a "Tap to unmute" hint over it until the sound is first turned on, and a sound
 * button; over it Back, LIVE, the viewers, the title, the creator and full screen ("f").
 */
export function LiveVideo({ stream, paths, viewers, ended, onLoadFailed }: LiveVideoProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  // The hint goes once the sound has been on: muting again later is a choice, not a surprise.
  const [soundTried, setSoundTried] = useState(false);
  const finePointer = useMediaQuery(FINE_POINTER_QUERY);
  const player = useLivePlayer(videoRef, {
    url: ended ? null : stream.playback_url,
    onLoadFailed,
  });
  const fullscreen = useFullscreen(containerRef, videoRef);
  useFullscreenKeys(fullscreen.available && !ended, fullscreen);

  function setSound(on: boolean) {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !on;
    setMuted(!on);
    if (on) setSoundTried(true);
  }

  const showUnmuteHint = muted && !soundTried && !ended && !player.blocked && !player.unsupported;

  return (
    <div
      ref={containerRef}
      className="media-surface relative flex h-full w-full items-center justify-center bg-black"
    >
      <video
        ref={videoRef}
        data-testid="live-video"
        aria-label={t('live.watch.video', { name: stream.name })}
        muted
        playsInline
        autoPlay
        className="h-full w-full object-contain"
      />
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-center gap-2 bg-linear-to-b from-black/60 to-transparent p-2 text-white">
        <span className="pointer-events-auto">
          <BackLink to={paths.back} tone="overlay" />
        </span>
        {!ended && <LiveBadge />}
        {/* Nobody is watching an ended stream: the count goes with it. */}
        {!ended && <ViewerCount count={viewers} className="text-sm font-medium drop-shadow" />}
        {!stream.isOwner && (
          <span className="pointer-events-auto ml-auto">
            <ReportOnlyMenu target={{ kind: 'stream', targetId: stream.id }} tone="overlay" />
          </span>
        )}
      </div>
      {showUnmuteHint && (
        <button
          type="button"
          onClick={() => setSound(true)}
          className={cn(
            'absolute top-16 left-1/2 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-black/65 px-4 text-sm font-semibold whitespace-nowrap text-white shadow-lg hover:bg-black/80',
            focusRing,
          )}
        >
          <VolumeX aria-hidden="true" size={18} />
          {t(finePointer ? 'live.watch.clickToUnmute' : 'live.watch.tapToUnmute')}
        </button>
      )}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end gap-2 bg-linear-to-t from-black/70 to-transparent p-3 text-white">
        <div className="min-w-0 flex-1">
          <p className="truncate text-base font-semibold">{stream.title}</p>
          <Link
            to={paths.profile}
            className={cn(
              'pointer-events-auto truncate rounded text-sm text-white/90 hover:underline',
              focusRing,
            )}
          >
            {stream.name}
          </Link>
        </div>
        {!ended && (
          <IconButton
            tone="overlay"
            label={t(muted ? 'live.watch.unmute' : 'live.watch.mute')}
            aria-pressed={!muted}
            onClick={() => setSound(muted)}
          >
            {muted ? (
              <VolumeX aria-hidden="true" size={24} />
            ) : (
              <Volume2 aria-hidden="true" size={24} />
            )}
          </IconButton>
        )}
        {!ended && fullscreen.available && (
          <IconButton
            tone="overlay"
            label={t(fullscreen.active ? 'live.watch.exitFullscreen' : 'live.watch.fullscreen')}
            aria-keyshortcuts="f"
            onClick={fullscreen.toggle}
          >
            {fullscreen.active ? (
              <Minimize aria-hidden="true" size={24} />
            ) : (
              <Maximize aria-hidden="true" size={24} />
            )}
          </IconButton>
        )}
      </div>
      {player.blocked && !ended && (
        <button
          type="button"
          onClick={player.play}
          aria-label={t('live.watch.play')}
          className={cn(
            'absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-black/50 text-white',
            focusRing,
          )}
        >
          <Play aria-hidden="true" size={40} />
        </button>
      )}
      {player.unsupported && !ended && (
        <p role="alert" className="absolute inset-x-6 top-1/2 text-center text-sm text-white">
          {t('live.watch.unsupported')}
        </p>
      )}
      {ended && (
        <div
          role="status"
          className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-black/80 p-6 text-center text-white"
        >
          <p className="text-xl font-semibold">{t('live.ended')}</p>
          <Link to={paths.back} className={buttonClass('secondary')}>
            {t('live.watch.leave')}
          </Link>
        </div>
      )}
    </div>
  );
}
