import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * jsdom lays nothing out: scrollHeight and clientHeight are 0 and scrollTop stays 0. This gives
 * the message list (role "log") a height of `rowHeight` per list row and a viewport of
 * `viewport`, with a scrollTop that keeps what is set (clamped like a browser's).
 */
export function fakeScrollLayout({ rowHeight = 100, viewport = 300 } = {}) {
  const tops = new WeakMap<Element, number>();
  const isLog = (element: Element) => element.getAttribute('role') === 'log';
  const heightOf = (element: Element) => element.querySelectorAll('li').length * rowHeight;
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return isLog(this) ? heightOf(this) : 0;
  });
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isLog(this) ? viewport : 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return tops.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (
    this: Element,
    value: number,
  ) {
    const max = Math.max(0, heightOf(this) - viewport);
    tops.set(this, Math.min(Math.max(0, value), max));
  });
  return {
    heightOf,
    /** Scrolls like a person would: the position changes, then the scroll event fires. */
    scrollTo(element: Element, top: number) {
      element.scrollTop = top;
      fireEvent.scroll(element);
    },
  };
}
