import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NO_SWIPE_ATTRIBUTE, useSwipe } from './use-swipe.ts';

function SwipeArea(props: { onSwipeLeft: () => void; onSwipeRight: () => void }) {
  const ref = useSwipe<HTMLDivElement>(props);
  return (
    <div ref={ref} data-testid="area">
      <ul {...{ [NO_SWIPE_ATTRIBUTE]: '' }} data-testid="row" />
    </div>
  );
}

function renderArea() {
  const onSwipeLeft = vi.fn();
  const onSwipeRight = vi.fn();
  render(<SwipeArea onSwipeLeft={onSwipeLeft} onSwipeRight={onSwipeRight} />);
  return { onSwipeLeft, onSwipeRight, area: screen.getByTestId('area') };
}

/** Dispatches a touchmove and says whether the area cancelled it (took it from the browser). */
function moveCancelled(target: Element, x: number, y: number): boolean {
  const event = createEvent.touchMove(target, { touches: [{ clientX: x, clientY: y }] });
  fireEvent(target, event);
  return event.defaultPrevented;
}

describe('useSwipe', () => {
  it('takes a horizontal move from the browser, so it never becomes a history swipe', () => {
    const { area, onSwipeRight } = renderArea();
    fireEvent.touchStart(area, { touches: [{ clientX: 20, clientY: 300 }] });
    expect(moveCancelled(area, 26, 301)).toBe(false); // too short to tell the direction
    expect(moveCancelled(area, 60, 304)).toBe(true);
    expect(moveCancelled(area, 200, 310)).toBe(true);
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 200, clientY: 310 }] });
    expect(onSwipeRight).toHaveBeenCalledTimes(1);
  });

  it('leaves vertical moves to the browser: they scroll the page', () => {
    const { area, onSwipeLeft, onSwipeRight } = renderArea();
    fireEvent.touchStart(area, { touches: [{ clientX: 200, clientY: 300 }] });
    expect(moveCancelled(area, 190, 250)).toBe(false);
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 180, clientY: 150 }] });
    expect(onSwipeLeft).not.toHaveBeenCalled();
    expect(onSwipeRight).not.toHaveBeenCalled();
  });

  it('leaves moves inside a sideways scroller to the scroller', () => {
    const { onSwipeLeft } = renderArea();
    const row = screen.getByTestId('row');
    fireEvent.touchStart(row, { touches: [{ clientX: 300, clientY: 300 }] });
    expect(moveCancelled(row, 200, 300)).toBe(false);
    fireEvent.touchEnd(row, { changedTouches: [{ clientX: 100, clientY: 300 }] });
    expect(onSwipeLeft).not.toHaveBeenCalled();
  });

  it('swipes left at 50 px and not below', () => {
    const { area, onSwipeLeft } = renderArea();
    const swipe = (dx: number) => {
      fireEvent.touchStart(area, { touches: [{ clientX: 300, clientY: 300 }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: 300 + dx, clientY: 300 }] });
    };
    swipe(-49);
    expect(onSwipeLeft).not.toHaveBeenCalled();
    swipe(-50);
    expect(onSwipeLeft).toHaveBeenCalledTimes(1);
  });
});
