import { SWIPE_MIN_PX } from '@glimpse/contract';
import { useRef, type TouchEvent } from 'react';

/** Touches that start inside an element with this attribute scroll it instead of swiping. */
export const NO_SWIPE_ATTRIBUTE = 'data-no-swipe';

interface SwipeOptions {
  onSwipeLeft: () => void;
  onSwipeRight: () => void;
}

/** Horizontal swipes of 50 px or more (spec 9); mostly vertical moves are scrolling, not swipes. */
export function useSwipe({ onSwipeLeft, onSwipeRight }: SwipeOptions) {
  const startRef = useRef<{ x: number; y: number } | null>(null);

  function handleTouchStart(event: TouchEvent) {
    const touch = event.touches[0];
    const target = event.target instanceof Element ? event.target : null;
    const inScroller = target?.closest(`[${NO_SWIPE_ATTRIBUTE}]`);
    startRef.current =
      touch && event.touches.length === 1 && !inScroller
        ? { x: touch.clientX, y: touch.clientY }
        : null;
  }

  function handleTouchEnd(event: TouchEvent) {
    const start = startRef.current;
    startRef.current = null;
    const touch = event.changedTouches[0];
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return;
    if (dx < 0) onSwipeLeft();
    else onSwipeRight();
  }

  return { onTouchStart: handleTouchStart, onTouchEnd: handleTouchEnd };
}
