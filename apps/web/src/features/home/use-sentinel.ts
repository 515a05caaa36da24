import { useEffect, useEffectEvent, useRef } from 'react';

interface SentinelOptions {
  enabled: boolean;
  /** A new value re-observes, so a sentinel still in view after a load asks again. */
  resetKey: unknown;
  /** Start loading a little before the end comes into view. */
  rootMargin?: string;
}

/** Calls `onVisible` when the returned element scrolls into view (IntersectionObserver). */
export function useSentinel<T extends Element>(
  onVisible: () => void,
  { enabled, resetKey, rootMargin = '300px 0px' }: SentinelOptions,
) {
  const ref = useRef<T>(null);
  const handleVisible = useEffectEvent(onVisible);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) handleVisible();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, resetKey, rootMargin]);
  return ref;
}
