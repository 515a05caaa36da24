import { startTransition, useCallback, useEffect, useState } from 'react';
import { overlayModule } from './overlay-module.ts';

type OverlayModule = NonNullable<typeof overlayModule.current>;

/**
 * How long the viewer waits for the opening picture before it shows without it: the picture
 * comes first on a slow network, but the controls (Close among them) never wait long for it.
 */
export const OPENING_PICTURE_WAIT_MS = 1_000;

/**
 * The viewer's module for the open session (asked for while a session is open), once it is
 * here and the opening picture is on screen (OpeningPicture) or waited for long enough.
 *
 * It replaces the loading state in a transition, even when it was here already: the first
 * frame after a tap is the loading state, and the viewer's first render runs in slices the
 * browser can paint between instead of one long task. Waiting for the picture puts the story on
 * a slow phone's screen before the viewer's render, not after it.
 */
export function useOverlayModule(sessionId: number | null) {
  const [ready, setReady] = useState<{ sessionId: number; module: OverlayModule } | null>(null);
  const [pictureShownFor, setPictureShownFor] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (sessionId === null) return;
    let current = true;
    overlayModule.load().then(
      (module) => current && startTransition(() => setReady({ sessionId, module })),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [sessionId, attempt]);

  const pictureShown = useCallback(() => {
    if (sessionId !== null) startTransition(() => setPictureShownFor(sessionId));
  }, [sessionId]);
  useEffect(() => {
    if (sessionId === null) return;
    const timer = setTimeout(pictureShown, OPENING_PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [sessionId, pictureShown]);

  const retry = () => {
    setFailed(false);
    setAttempt((count) => count + 1);
  };
  const shown = ready?.sessionId === sessionId && pictureShownFor === sessionId;
  return { overlay: shown ? ready.module : undefined, failed, retry, pictureShown };
}
