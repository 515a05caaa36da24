import { Suspense, useEffect, type ComponentType } from 'react';
import { whenIdleAfterLoad } from '../lib/idle.ts';
import { lazyComponent, lazyModule } from '../lib/lazy-module.ts';

/**
 * A dialog whose code stays out of the screen's first load: nothing renders while `open` is
 * false, and the code is fetched once the page is idle after its first screen (or on the first
 * opening, if that comes sooner), so an opening rarely waits for it.
 */
export function lazyDialog<P extends { open: boolean }>(
  importDialog: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const dialog = lazyModule(importDialog);
  const LazyDialog = lazyComponent(dialog, (component) => component);
  let prefetching = false;
  const prefetch = () => {
    if (prefetching) return undefined;
    prefetching = true;
    return whenIdleAfterLoad(() => void dialog.load().catch(() => undefined));
  };
  return function DialogOnDemand(props: P) {
    useEffect(prefetch, []);
    if (!props.open) return null;
    return (
      <Suspense fallback={null}>
        <LazyDialog {...props} />
      </Suspense>
    );
  };
}
