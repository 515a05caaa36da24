import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Within this many pixels of the bottom the list counts as scrolled to its last message. */
const AT_END_PX = 48;
/** Within this many pixels of the top the page before is loaded. */
const NEAR_TOP_PX = 120;

interface MessageScrollOptions {
  /** Keys of the first and last entries: what changed tells a prepended page from a new message. */
  firstKey: string | undefined;
  lastKey: string | undefined;
  /** The newest entry is the viewer's own (just sent): the list follows it even if scrolled up. */
  lastIsOwn: boolean;
  onNearTop: () => void;
}

function distanceFromEnd(element: HTMLElement): number {
  return element.scrollHeight - element.scrollTop - element.clientHeight;
}

/**
 * The message list's scrolling: it opens at the last message, follows new ones while the viewer
 * is at the end (or sent them), keeps what the viewer sees in place when an older page is put
 * above it, and asks for that page near the top.
 */
export function useMessageScroll({
  firstKey,
  lastKey,
  lastIsOwn,
  onNearTop,
}: MessageScrollOptions) {
  const ref = useRef<HTMLDivElement>(null);
  const [atEnd, setAtEnd] = useState(false);
  // What the last layout looked like: the keys at its ends and the distance from the bottom.
  const seen = useRef<{ first?: string; last?: string; fromBottom: number; atEnd: boolean }>(
    undefined,
  );

  const remember = useCallback((element: HTMLElement, first?: string, last?: string) => {
    const isAtEnd = distanceFromEnd(element) <= AT_END_PX;
    seen.current = {
      first: first ?? seen.current?.first,
      last: last ?? seen.current?.last,
      fromBottom: element.scrollHeight - element.scrollTop,
      atEnd: isAtEnd,
    };
    setAtEnd(isAtEnd);
  }, []);

  const scrollToEnd = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    remember(element);
  }, [remember]);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const before = seen.current;
    if (!before || before.first === undefined) {
      element.scrollTop = element.scrollHeight;
    } else if (firstKey !== before.first && lastKey === before.last) {
      // An older page went in above: the same messages stay where they were on screen.
      element.scrollTop = element.scrollHeight - before.fromBottom;
    } else if (lastKey !== before.last && (before.atEnd || lastIsOwn)) {
      element.scrollTop = element.scrollHeight;
    }
    remember(element, firstKey, lastKey);
  }, [firstKey, lastKey, lastIsOwn, remember]);

  // The list at its end stays there when its box or its content changes size: the on-screen
  // keyboard shortens the list, a picture or a voice player of a message arrives after the
  // first layout.
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!seen.current?.atEnd || distanceFromEnd(element) <= 1) return;
      element.scrollTop = element.scrollHeight;
      remember(element);
    });
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    const children = new MutationObserver(() => {
      for (const child of element.children) observer.observe(child);
    });
    children.observe(element, { childList: true });
    return () => {
      observer.disconnect();
      children.disconnect();
    };
  }, [remember]);

  const handleScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    remember(element);
    if (element.scrollTop <= NEAR_TOP_PX) onNearTop();
  }, [remember, onNearTop]);

  return { ref, atEnd, handleScroll, scrollToEnd };
}
