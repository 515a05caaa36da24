import { useCallback, useLayoutEffect, useRef } from 'react';
import { WIDE_LAYOUT_QUERY } from '../../ui/use-media-query.ts';

const wide = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(WIDE_LAYOUT_QUERY).matches;

/**
 * The console's list and detail on a phone, where the detail replaces the list: an item opened
 * from far down a long list shows from its top (not from where the list was scrolled to), and
 * going back returns to the place in the list. On a desktop both stay side by side and the
 * page does not move. Call `remember` just before opening.
 */
export function usePhoneDetailScroll(open: boolean): () => void {
  const listY = useRef(0);
  const wasOpen = useRef(open);
  useLayoutEffect(() => {
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    if (wide()) return;
    window.scrollTo(0, open ? 0 : listY.current);
  }, [open]);
  return useCallback(() => {
    if (!wasOpen.current) listY.current = window.scrollY;
  }, []);
}

/**
 * The detail column on a desktop: it stays in view beside a long list (below the page's sticky
 * header) and scrolls on its own; remount it per item (a `key`) so each opens at its top.
 */
export const detailColumnClass =
  'min-w-0 lg:sticky lg:top-16 lg:max-h-[calc(100dvh-5rem)] lg:self-start lg:overflow-y-auto lg:overscroll-contain';

/** One column on a phone (long names are cut, they do not widen the page), two on a desktop. */
export const listDetailGridClass =
  'grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(18rem,26rem)_minmax(0,1fr)]';
