import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useVisualViewportFit } from './use-visual-viewport-fit.ts';

/** A visual viewport as a phone's browser reports it; the test moves it as a keyboard would. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  scale = 1;
  move(change: Partial<Pick<FakeVisualViewport, 'height' | 'offsetTop' | 'scale'>>) {
    Object.assign(this, change);
    act(() => {
      this.dispatchEvent(new Event('resize'));
    });
  }
}

let viewport: FakeVisualViewport;
const original = Object.getOwnPropertyDescriptor(window, 'visualViewport');

beforeEach(() => {
  viewport = new FakeVisualViewport();
  Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 844 });
});
afterEach(() => {
  if (original) Object.defineProperty(window, 'visualViewport', original);
  else Reflect.deleteProperty(window, 'visualViewport');
});

function Screen() {
  const ref = useRef<HTMLElement>(null);
  useVisualViewportFit(ref);
  return <main ref={ref} data-testid="screen" />;
}

describe('useVisualViewportFit', () => {
  it('keeps its own height while the whole window is visible', () => {
    const { getByTestId } = render(<Screen />);
    expect(getByTestId('screen').style.height).toBe('');
  });

  it('takes the visible height while the keyboard is open, at the top of what is visible', () => {
    const { getByTestId } = render(<Screen />);
    const screen = getByTestId('screen');
    viewport.move({ height: 500 });
    expect(screen.style.height).toBe('500px');
    expect(screen.style.transform).toBe('');
    // The browser panned the page to show the focused input.
    viewport.move({ offsetTop: 344 });
    expect(screen.style.transform).toBe('translateY(344px)');
    // The keyboard closes.
    viewport.move({ height: 844, offsetTop: 0 });
    expect(screen.style.height).toBe('');
    expect(screen.style.transform).toBe('');
  });

  it('leaves a pinch zoom alone, and lets go when unmounted', () => {
    const { getByTestId, unmount } = render(<Screen />);
    const screen = getByTestId('screen');
    viewport.move({ height: 422, scale: 2 });
    expect(screen.style.height).toBe('');
    viewport.move({ height: 500, scale: 1 });
    expect(screen.style.height).toBe('500px');
    unmount();
    expect(screen.style.height).toBe('');
  });
});
