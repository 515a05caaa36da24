import { useEffect, useRef, useState, type RefObject } from 'react';

export type Facing = 'user' | 'environment';
export type CameraProblem = 'unsupported' | 'denied' | 'unavailable';

function stopTracks(stream: MediaStream) {
  for (const track of stream.getTracks()) track.stop();
}

async function openStream(facing: Facing): Promise<MediaStream> {
  const video = { facingMode: facing, width: { ideal: 1080 }, height: { ideal: 1920 } };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: true });
  } catch {
    // Without a microphone (or its permission) a silent camera is still useful.
    return navigator.mediaDevices.getUserMedia({ video, audio: false });
  }
}

export const cameraSupported = () =>
  typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

/**
 * The device camera shown in `videoRef` while `active`; switching `facing` reopens it. The
 * camera is released whenever the step is left, so its light does not stay on.
 */
export function useCamera(
  videoRef: RefObject<HTMLVideoElement | null>,
  active: boolean,
  facing: Facing,
) {
  const streamRef = useRef<MediaStream | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | undefined>(
    cameraSupported() ? undefined : 'unsupported',
  );

  useEffect(() => {
    if (!active || !cameraSupported()) return;
    let cancelled = false;
    openStream(facing)
      .then((stream) => {
        if (cancelled) return stopTracks(stream);
        streamRef.current = stream;
        if (videoRef.current) videoRef.current.srcObject = stream;
        setProblem(undefined);
        setReady(true);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const denied = error instanceof DOMException && error.name === 'NotAllowedError';
        setProblem(denied ? 'denied' : 'unavailable');
        setReady(false);
      });
    return () => {
      cancelled = true;
      if (streamRef.current) stopTracks(streamRef.current);
      streamRef.current = null;
    };
  }, [active, facing, videoRef]);

  return { streamRef, ready, problem };
}
