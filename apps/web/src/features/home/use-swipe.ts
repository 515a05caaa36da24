import { SWIPE_MIN_PX } from '@glimpse/contract';
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/** Touches that start inside an element with this attribute scroll it instead of swiping. */
export const NO_SWIPE_ATTRIBUTE = 'data-no-swipe';

/**
 * How far a finger moves before the gesture counts as horizontal and the browser's own handling
 * of it (scrolling, the history back/forward swipe) is cancelled.
 */
const HORIZONTAL_LOCK_PX = 10;

interface SwipeOptions {
  onSwipeLeft: () => void;
  onSwipeRight: () => void;
}

/**
 * Horizontal swipes of 50 px or more (spec 9); mostly vertical moves are scrolling, not swipes.
 * A horizontal swipe belongs to the app: its touchmoves are cancelled so the browser never turns
 * it into history navigation (the swipe area also sets `touch-action: pan-y`, see HomeTabs).
 * The listeners are native because React's touch listeners are passive and cannot cancel.
 */
export function useSwipe<T extends HTMLElement>({
  onSwipeLeft,
  onSwipeRight,
}: SwipeOptions): RefObject<T | null> {
  const ref = useRef<T>(null);
  const handleSwipe = useEffectEvent((direction: 'left' | 'right') => {
    if (direction === 'left') onSwipeLeft();
    else onSwipeRight();
  });

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let start: { x: number; y: number } | null = null;

    function handleTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      const target = event.target instanceof Element ? event.target : null;
      const inScroller = target?.closest(`[${NO_SWIPE_ATTRIBUTE}]`);
      start =
        touch && event.touches.length === 1 && !inScroller
          ? { x: touch.clientX, y: touch.clientY }
          : null;
    }

    function handleTouchMove(event: TouchEvent) {
      const touch = event.touches[0];
      if (!start || !touch || !event.cancelable) return;
      const dx = Math.abs(touch.clientX - start.x);
      const dy = Math.abs(touch.clientY - start.y);
      if (dx >= HORIZONTAL_LOCK_PX && dx > dy) event.preventDefault();
    }

    function handleTouchEnd(event: TouchEvent) {
      const from = start;
      start = null;
      const touch = event.changedTouches[0];
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
      handleSwipe(dx < 0 ? 'left' : 'right');
    }

    function handleTouchCancel() {
      start = null;
    }

    element.addEventListener('touchstart', handleTouchStart, { passive: true });
    element.addEventListener('touchmove', handleTouchMove, { passive: false });
    element.addEventListener('touchend', handleTouchEnd);
    element.addEventListener('touchcancel', handleTouchCancel);
    return () => {
      element.removeEventListener('touchstart', handleTouchStart);
      element.removeEventListener('touchmove', handleTouchMove);
      element.removeEventListener('touchend', handleTouchEnd);
      element.removeEventListener('touchcancel', handleTouchCancel);
    };
  }, []);

  return ref;
}
