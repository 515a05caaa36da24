import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Calls `onReached` when the returned element comes within 300 px of the viewport
 * (IntersectionObserver), while `enabled`; `resetKey` observes afresh (a sentinel still in view
 * after a page arrived asks for the next one).
 */
export function useEndOfList<T extends Element>(
  onReached: () => void,
  enabled: boolean,
  resetKey: unknown,
) {
  const ref = useRef<T>(null);
  const handleReached = useEffectEvent(onReached);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) handleReached();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, resetKey]);
  return ref;
}
