import { useEffect, useState } from 'react';

export type Facing = 'user' | 'environment';
export type CameraProblem = 'unsupported' | 'denied' | 'unavailable';

const cameraSupported = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

function stopTracks(media: MediaStream) {
  for (const track of media.getTracks()) track.stop();
}

/**
 * Camera and microphone for going live, while `enabled`: 720p is what a live ladder of one
 * rendition needs, and less for the phone to encode. Switching `facing` opens the other camera
 * and releases the first; leaving (or OBS) releases everything, so the camera light goes off.
 */
export function useCameraPreview(facing: Facing, enabled: boolean) {
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | undefined>(
    cameraSupported() ? undefined : 'unsupported',
  );

  useEffect(() => {
    if (!enabled || !cameraSupported()) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: { echoCancellation: true, noiseSuppression: true },
      })
      .then((stream) => {
        if (cancelled) return stopTracks(stream);
        opened = stream;
        setMedia(stream);
        setProblem(undefined);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const denied = error instanceof DOMException && error.name === 'NotAllowedError';
        setProblem(denied ? 'denied' : 'unavailable');
        setMedia(null);
      });
    return () => {
      cancelled = true;
      if (opened) stopTracks(opened);
      setMedia(null);
    };
  }, [facing, enabled]);

  return { media, problem };
}
