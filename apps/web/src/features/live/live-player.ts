import { HLS_SEGMENT_SECONDS } from '@glimpse/contract';
import type Hls from 'hls.js';
import type { ErrorData, HlsConfig } from 'hls.js';
import { lazyModule } from '../../lib/lazy-module.ts';

export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** How far behind the newest segment's end the player holds: two segments. */
export const LIVE_SYNC_SECONDS = HLS_SEGMENT_SECONDS * 2;

/**
 * hls.js tuned for a live edge of two segments: it starts there, and plays up to 1.5x to catch
 * up after a stall instead of staying behind; past six segments it jumps back to the edge. In
 * seconds, not segment counts: hls.js multiplies counts by the playlist's target duration, a
 * whole second even for half-second segments. Each stall moves the target back by half a segment
 * (hls.js's default is 1 s at once, for the rest of playback: one stall while starting cost a
 * viewer a second for good), up to one target duration: a viewer whose requests keep coming late
 * ends up where the default puts them. The back buffer is kept short: nobody seeks back in a live
 * stream, and a phone's memory is better spent elsewhere.
 */
export const lowLatencyConfig: Partial<HlsConfig> = {
  lowLatencyMode: true,
  liveSyncDuration: LIVE_SYNC_SECONDS,
  liveMaxLatencyDuration: HLS_SEGMENT_SECONDS * 6,
  liveSyncOnStallIncrease: HLS_SEGMENT_SECONDS / 2,
  maxLiveSyncPlaybackRate: 1.5,
  liveDurationInfinity: true,
  backBufferLength: 10,
};

/** A player bound to one `<video>`: loads a (refreshed) playlist URL, and is torn down once. */
export interface LivePlayer {
  kind: 'hls.js' | 'native';
  load(url: string): void;
  destroy(): void;
}

export interface PlayerEvents {
  /**
   * The playlist or a segment was refused or failed for good (a signed URL lives 60 s): the
   * screen asks for a fresh playback URL, which also tells it when access or the stream ended.
   */
  onLoadFailed: () => void;
  /** Neither hls.js (Media Source Extensions) nor native HLS can play here. */
  onUnsupported: () => void;
}

const hasMediaSource = () => 'MediaSource' in globalThis || 'ManagedMediaSource' in globalThis;

/**
 * hls.js's light build, imported on demand: only this screen loads it. Unit tests stand a fake
 * in for it (lazy-module.ts's installTestImport): jsdom has no Media Source Extensions to run it.
 */
export const hlsModule = lazyModule(() => import('hls.js/light'));

/**
 * Plays `url` in `video`. hls.js where Media Source Extensions exist, because only it gets the
 * low-latency tuning above and sees a 403 from an expired URL; native HLS otherwise (iPhones
 * before Managed Media Source). hls.js is imported here, on demand: only this screen loads it.
 */
export async function createLivePlayer(
  video: HTMLVideoElement,
  url: string,
  events: PlayerEvents,
): Promise<LivePlayer> {
  const native = video.canPlayType(HLS_MIME_TYPE) !== '';
  if (hasMediaSource()) {
    const { default: HlsLight } = await hlsModule.load();
    if (HlsLight.isSupported()) return hlsJsPlayer(HlsLight, video, url, events);
  }
  if (native) return nativePlayer(video, url, events);
  events.onUnsupported();
  return { kind: 'native', load: () => undefined, destroy: () => undefined };
}

/** 403/404/410 of the playlist or a segment: an expired URL, or a stream that is gone. */
function refusedStatus(data: ErrorData): number | undefined {
  const code = data.response?.code;
  return code !== undefined && code >= 400 && code < 500 ? code : undefined;
}

function hlsJsPlayer(
  HlsPlayer: typeof Hls,
  video: HTMLVideoElement,
  url: string,
  events: PlayerEvents,
): LivePlayer {
  const hls = new HlsPlayer(lowLatencyConfig);
  hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
    if (refusedStatus(data) !== undefined) return events.onLoadFailed();
    if (!data.fatal) return;
    if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else events.onLoadFailed();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    kind: 'hls.js',
    load: (next) => {
      hls.loadSource(next);
      hls.startLoad(-1);
    },
    destroy: () => hls.destroy(),
  };
}

function nativePlayer(video: HTMLVideoElement, url: string, events: PlayerEvents): LivePlayer {
  // Safari starts a live playlist at its own distance from the edge; move to hls.js's.
  const handleMetadata = () => {
    const { seekable } = video;
    if (seekable.length === 0) return;
    const edge = seekable.end(seekable.length - 1);
    if (edge - video.currentTime > LIVE_SYNC_SECONDS + HLS_SEGMENT_SECONDS) {
      video.currentTime = Math.max(0, edge - LIVE_SYNC_SECONDS);
    }
  };
  // The browser hides the status; an error here most often means the signed URL expired.
  const handleError = () => events.onLoadFailed();
  video.addEventListener('loadedmetadata', handleMetadata);
  video.addEventListener('error', handleError);
  video.src = url;
  return {
    kind: 'native',
    load: (next) => {
      video.src = next;
      void video.play().catch(() => undefined);
    },
    destroy: () => {
      video.removeEventListener('loadedmetadata', handleMetadata);
      video.removeEventListener('error', handleError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
