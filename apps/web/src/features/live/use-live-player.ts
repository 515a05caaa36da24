import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { createLivePlayer, type LivePlayer } from './live-player.ts';

/** Refreshing an expired URL more often than this would only hammer a stream that is gone. */
const MIN_REFRESH_GAP_MS = 3_000;

interface LivePlayerOptions {
  /** The signed playlist URL; null stops playback (ended, or no longer available). */
  url: string | null;
  /** Asks for a fresh playback URL; the new `url` comes back through the props. */
  onLoadFailed: () => void;
}

/**
 * Plays the live stream in `videoRef`, muted (browsers let only silent video start by itself),
 * and hands a refreshed URL to the running player instead of starting a new one.
 */
export function useLivePlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  { url, onLoadFailed }: LivePlayerOptions,
) {
  const playerRef = useRef<LivePlayer | null>(null);
  const urlRef = useRef(url);
  const lastRefresh = useRef(0);
  const [unsupported, setUnsupported] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const playing = url !== null;

  const handleLoadFailed = useEffectEvent(() => {
    const now = Date.now();
    if (now - lastRefresh.current < MIN_REFRESH_GAP_MS) return;
    lastRefresh.current = now;
    onLoadFailed();
  });

  // A refreshed URL: the running player loads it (the first one starts the player below).
  useEffect(() => {
    const previous = urlRef.current;
    urlRef.current = url;
    if (url && previous && url !== previous) playerRef.current?.load(url);
  }, [url]);

  useEffect(() => {
    const video = videoRef.current;
    const startUrl = urlRef.current;
    if (!playing || !video || !startUrl) return;
    let disposed = false;
    void createLivePlayer(video, startUrl, {
      onLoadFailed: () => handleLoadFailed(),
      onUnsupported: () => setUnsupported(true),
    }).then((player) => {
      if (disposed) return player.destroy();
      playerRef.current = player;
      video.muted = true;
      video.play().then(
        () => setBlocked(false),
        // Even muted autoplay can be refused (power saving): a tap on Play starts it.
        () => setBlocked(true),
      );
    });
    return () => {
      disposed = true;
      playerRef.current?.destroy();
      playerRef.current = null;
      video.pause();
    };
  }, [playing, videoRef]);

  function play() {
    const video = videoRef.current;
    if (!video) return;
    void video.play().then(() => setBlocked(false));
  }

  return { unsupported, blocked, play };
}
