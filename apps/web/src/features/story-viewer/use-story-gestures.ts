import { TAP_MAX_MS } from '@glimpse/contract';
import {
  useEffect,
  useRef,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import {
  classifyGesture,
  MOVE_SLOP_PX,
  scrubTime,
  startsScrub,
  type TapZone,
} from './classify-gesture.ts';

interface GestureOptions {
  isVideo: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onTap: (zone: TapZone) => void;
  /** Holding (or scrubbing) pauses the story and hides its text and controls. */
  onHoldChange: (held: boolean) => void;
  onSwipe: () => void;
}

interface ActivePointer {
  id: number;
  startX: number;
  startY: number;
  left: number;
  width: number;
  startedAt: number;
  videoTime: number;
  scrubbing: boolean;
  holding: boolean;
}

/** What keeps its own meaning when pressed on the story area (the lock card's buttons). */
const CONTROL_SELECTOR = 'button, a, input, textarea, select, label, [role="button"]';

/**
 * Whether a press belongs to the story area itself. Presses on a control inside it stay the
 * control's; so do presses inside a dialog opened from it (unlock, subscribe): React bubbles
 * those through the component tree although the dialog lives in a portal outside the area.
 */
function isStoryPress(event: PointerEvent<HTMLElement>): boolean {
  const { target, currentTarget } = event;
  if (!(target instanceof Element) || !currentTarget.contains(target)) return false;
  const control = target.closest(CONTROL_SELECTOR);
  return control === null || !currentTarget.contains(control);
}

/** Pointer events (touch and mouse alike) on the story area, turned into viewer commands. */
export function useStoryGestures({
  isVideo,
  videoRef,
  onTap,
  onHoldChange,
  onSwipe,
}: GestureOptions) {
  const pointerRef = useRef<ActivePointer | null>(null);
  const holdTimerRef = useRef<number | undefined>(undefined);

  function clearHoldTimer() {
    window.clearTimeout(holdTimerRef.current);
    holdTimerRef.current = undefined;
  }

  useEffect(() => () => window.clearTimeout(holdTimerRef.current), []);

  function startHold(pointer: ActivePointer) {
    if (pointer.holding) return;
    pointer.holding = true;
    onHoldChange(true);
  }

  function handlePointerDown(event: PointerEvent<HTMLElement>) {
    if (pointerRef.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (!isStoryPress(event)) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const pointer: ActivePointer = {
      id: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      left: rect.left,
      // An unmeasured area (no layout yet) falls back to the window.
      width: rect.width || window.innerWidth,
      startedAt: Date.now(),
      videoTime: videoRef.current?.currentTime ?? 0,
      scrubbing: false,
      holding: false,
    };
    pointerRef.current = pointer;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // Capture is a nicety (drags that leave the area); some environments refuse it.
    }
    holdTimerRef.current = window.setTimeout(() => startHold(pointer), TAP_MAX_MS);
  }

  function handlePointerMove(event: PointerEvent<HTMLElement>) {
    const pointer = pointerRef.current;
    if (!pointer || event.pointerId !== pointer.id) return;
    const dx = event.clientX - pointer.startX;
    const dy = event.clientY - pointer.startY;
    if (Math.abs(dx) > MOVE_SLOP_PX || Math.abs(dy) > MOVE_SLOP_PX) clearHoldTimer();
    if (!pointer.scrubbing && startsScrub(dx, dy, isVideo)) {
      pointer.scrubbing = true;
      startHold(pointer);
    }
    const video = videoRef.current;
    if (pointer.scrubbing && video) {
      video.currentTime = scrubTime({
        startTime: pointer.videoTime,
        dx,
        width: pointer.width,
        duration: video.duration,
      });
    }
  }

  function finish(event: PointerEvent<HTMLElement>, cancelled: boolean) {
    const pointer = pointerRef.current;
    if (!pointer || event.pointerId !== pointer.id) return;
    pointerRef.current = null;
    clearHoldTimer();
    if (pointer.holding) onHoldChange(false);
    if (cancelled) return;
    const gesture = classifyGesture({
      dx: event.clientX - pointer.startX,
      dy: event.clientY - pointer.startY,
      durationMs: Date.now() - pointer.startedAt,
      startX: pointer.startX - pointer.left,
      width: pointer.width,
      isVideo,
      scrubbing: pointer.scrubbing,
    });
    if (gesture.kind === 'tap') onTap(gesture.zone);
    else if (gesture.kind === 'swipe') onSwipe();
  }

  return {
    onPointerDown: handlePointerDown,
    onPointerMove: handlePointerMove,
    onPointerUp: (event: PointerEvent<HTMLElement>) => finish(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => finish(event, true),
    // A long press would otherwise open the browser's image menu on phones.
    onContextMenu: (event: ReactMouseEvent<HTMLElement>) => {
      if (event.target instanceof Node && event.currentTarget.contains(event.target))
        event.preventDefault();
    },
  };
}
