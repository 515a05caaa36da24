import './chat-media-texts.ts';
import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { clock } from './audio-format.ts';
import { claimPlayback, releasePlayback } from './single-playback.ts';

/** Arrow keys move this many seconds; Home and End go to either end. */
const SEEK_STEP_SECONDS = 2;

export interface AudioMessagePlayerProps {
  /** The signed audio URL, or null while the server is still transcoding it. */
  src: string | null;
  /** Seconds, as the recorder measured; the file's own length is used when this is missing. */
  duration: number | null;
  /** The viewer's own message: drawn for the accent bubble. */
  own: boolean;
}

/** A voice message inline in a bubble: play/pause, a seekable progress bar and the time. */
export function AudioMessagePlayer({ src, duration, own }: AudioMessagePlayerProps) {
  const { t } = useTranslation();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [fileDuration, setFileDuration] = useState<number | null>(null);
  const total = duration && duration > 0 ? duration : (fileDuration ?? 0);

  useEffect(() => {
    const audio = audioRef.current;
    return () => {
      if (audio) releasePlayback(audio);
    };
  }, []);

  function handleToggle() {
    const audio = audioRef.current;
    if (!audio || !src) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    claimPlayback(audio);
    audio.play()?.catch(() => setPlaying(false));
  }

  function seekTo(seconds: number) {
    const audio = audioRef.current;
    if (!audio || total <= 0) return;
    const time = Math.min(total, Math.max(0, seconds));
    audio.currentTime = time;
    setPosition(time);
  }

  function handleBarClick(event: MouseEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    seekTo(((event.clientX - rect.left) / rect.width) * total);
  }

  function handleBarKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: position + SEEK_STEP_SECONDS,
      ArrowUp: position + SEEK_STEP_SECONDS,
      ArrowLeft: position - SEEK_STEP_SECONDS,
      ArrowDown: position - SEEK_STEP_SECONDS,
      Home: 0,
      End: total,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seekTo(target);
  }

  const percent = total > 0 ? Math.min(100, (position / total) * 100) : 0;
  const tone = own
    ? {
        button: 'bg-black/10 text-on-accent hover:bg-black/20',
        track: 'bg-black/20',
        fill: 'bg-on-accent',
      }
    : {
        button: 'bg-accent text-on-accent hover:bg-accent-hover',
        track: 'bg-neutral-300',
        fill: 'bg-accent-strong',
      };

  return (
    <div className="flex w-56 max-w-full items-center gap-3">
      {src && (
        <audio
          ref={audioRef}
          src={src}
          preload="metadata"
          onPlay={(event) => {
            claimPlayback(event.currentTarget);
            setPlaying(true);
          }}
          onPause={() => setPlaying(false)}
          onEnded={(event) => {
            setPlaying(false);
            event.currentTarget.currentTime = 0;
            setPosition(0);
          }}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            const seconds = event.currentTarget.duration;
            // A streamed webm reports Infinity until played through: keep the recorder's value.
            if (Number.isFinite(seconds) && seconds > 0) setFileDuration(seconds);
          }}
        />
      )}
      <button
        type="button"
        onClick={handleToggle}
        disabled={!src}
        aria-label={playing ? t('chatMedia.player.pause') : t('chatMedia.player.play')}
        title={src ? undefined : t('chatMedia.player.preparing')}
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-50',
          focusRing,
          tone.button,
        )}
      >
        {playing ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
      </button>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div
          role="slider"
          tabIndex={src && total > 0 ? 0 : -1}
          aria-label={t('chatMedia.player.position')}
          aria-valuemin={0}
          aria-valuemax={Math.round(total)}
          aria-valuenow={Math.round(position)}
          aria-valuetext={t('chatMedia.player.positionText', {
            current: clock(position),
            total: clock(total),
          })}
          aria-disabled={!src || total <= 0 || undefined}
          onClick={handleBarClick}
          onKeyDown={handleBarKeyDown}
          // A 24 px tall hit area around the 4 px line, easy to hit with a finger.
          className={cn('flex h-6 cursor-pointer items-center rounded-sm', focusRing)}
        >
          <div className={cn('h-1 w-full overflow-hidden rounded-full', tone.track)}>
            <div className={cn('h-full', tone.fill)} style={{ width: `${percent}%` }} />
          </div>
        </div>
        <p className={cn('text-xs tabular-nums', own ? 'text-on-accent' : 'text-neutral-600')}>
          {playing || position > 0 ? `${clock(position)} / ${clock(total)}` : clock(total)}
          {!src && <span className="sr-only"> {t('chatMedia.player.preparing')}</span>}
        </p>
      </div>
    </div>
  );
}
