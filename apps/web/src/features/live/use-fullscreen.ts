import { useCallback, useEffect, useState, type RefObject } from 'react';

/** Safari before 16.4 (iPadOS, macOS) still names the Fullscreen API with a prefix. */
type PrefixedDocument = Document & {
  webkitFullscreenEnabled?: boolean;
  webkitFullscreenElement?: Element | null;
  webkitExitFullscreen?: () => void;
};
type PrefixedElement = HTMLElement & { webkitRequestFullscreen?: () => void };
/** An iPhone has no element full screen, only the video's own player. */
type IosVideo = HTMLVideoElement & {
  webkitEnterFullscreen?: () => void;
  webkitExitFullscreen?: () => void;
  webkitDisplayingFullscreen?: boolean;
};

const prefixed = () => document as PrefixedDocument;

function elementFullscreenEnabled(): boolean {
  return document.fullscreenEnabled === true || prefixed().webkitFullscreenEnabled === true;
}

function currentFullscreenElement(): Element | null {
  return document.fullscreenElement ?? prefixed().webkitFullscreenElement ?? null;
}

/**
 * Where full screen can be had: the Fullscreen API on the player (desktops, Android, iPads), or
 * an iPhone's own video player (the only full screen an iPhone has, without our overlay).
 */
export function fullscreenAvailable(): boolean {
  if (typeof document === 'undefined') return false;
  return (
    elementFullscreenEnabled() ||
    typeof (HTMLVideoElement.prototype as IosVideo).webkitEnterFullscreen === 'function'
  );
}

/**
 * The player's full screen: `container` (video and overlay) through the Fullscreen API, else the
 * video's own iPhone player. `active` follows the browser, so leaving with Esc, the back gesture
 * or the browser's own control is seen too.
 */
export function useFullscreen(
  containerRef: RefObject<HTMLElement | null>,
  videoRef: RefObject<HTMLVideoElement | null>,
) {
  const [available] = useState(fullscreenAvailable);
  const [active, setActive] = useState(false);

  useEffect(() => {
    if (!available) return;
    const video = videoRef.current;
    const handleChange = () => {
      const element = currentFullscreenElement();
      setActive(element !== null && element === containerRef.current);
    };
    const handleVideoBegin = () => setActive(true);
    const handleVideoEnd = () => setActive(false);
    document.addEventListener('fullscreenchange', handleChange);
    document.addEventListener('webkitfullscreenchange', handleChange);
    video?.addEventListener('webkitbeginfullscreen', handleVideoBegin);
    video?.addEventListener('webkitendfullscreen', handleVideoEnd);
    return () => {
      document.removeEventListener('fullscreenchange', handleChange);
      document.removeEventListener('webkitfullscreenchange', handleChange);
      video?.removeEventListener('webkitbeginfullscreen', handleVideoBegin);
      video?.removeEventListener('webkitendfullscreen', handleVideoEnd);
    };
  }, [available, containerRef, videoRef]);

  // Leaving the screen while full screen (the stream's Leave link) must not leave it behind.
  useEffect(() => {
    // The element itself: by the time this cleans up, the ref has let go of it.
    const container = containerRef.current;
    return () => {
      if (container && currentFullscreenElement() === container) exitFullscreen();
    };
  }, [containerRef]);

  const enter = useCallback(() => {
    const container = containerRef.current as PrefixedElement | null;
    const video = videoRef.current as IosVideo | null;
    if (container && elementFullscreenEnabled()) {
      // Refused without a user gesture or by a permissions policy: nothing changes then.
      if (container.requestFullscreen) void container.requestFullscreen().catch(() => undefined);
      else container.webkitRequestFullscreen?.();
    } else {
      video?.webkitEnterFullscreen?.();
    }
  }, [containerRef, videoRef]);

  const exit = useCallback(() => {
    if (currentFullscreenElement()) exitFullscreen();
    else (videoRef.current as IosVideo | null)?.webkitExitFullscreen?.();
  }, [videoRef]);

  /**
   * Asked of the browser, not of `active`: its change event comes a frame after the change, so
   * a key pressed right after leaving would otherwise "leave" again instead of entering.
   */
  const isFullscreenNow = useCallback(() => {
    const element = currentFullscreenElement();
    if (element) return element === containerRef.current;
    return (videoRef.current as IosVideo | null)?.webkitDisplayingFullscreen === true;
  }, [containerRef, videoRef]);

  const toggle = useCallback(
    () => (isFullscreenNow() ? exit() : enter()),
    [isFullscreenNow, enter, exit],
  );

  return { available, active, toggle, exit, isFullscreenNow };
}

function exitFullscreen(): void {
  if (document.exitFullscreen) void document.exitFullscreen().catch(() => undefined);
  else prefixed().webkitExitFullscreen?.();
}

/** Keys typed into a field, or pressed inside a dialog over the player, are not shortcuts. */
function isTypingOrInDialog(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [role="dialog"]')) return true;
  return false;
}

/**
 * The player's keys, as video players have them: "f" toggles full screen, Esc leaves it (the
 * browser also does, before the page hears the key; this covers the iPhone player and any
 * browser that passes the key on).
 */
export function useFullscreenKeys(
  enabled: boolean,
  {
    toggle,
    exit,
    isFullscreenNow,
  }: { toggle: () => void; exit: () => void; isFullscreenNow: () => boolean },
) {
  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingOrInDialog(event.target)) return;
      if (event.key === 'f' || event.key === 'F') {
        event.preventDefault();
        toggle();
      } else if (event.key === 'Escape' && isFullscreenNow()) {
        exit();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [enabled, toggle, exit, isFullscreenNow]);
}
