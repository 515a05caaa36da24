import { Suspense, type ComponentType } from 'react';
import { lazyComponent, lazyModule } from '../lib/lazy-module.ts';

/**
 * A dialog whose code stays out of the screen's loads until it is first opened (like the money
 * dialogs, features/money/lazy-dialogs.tsx): nothing renders while `open` is false. For rare
 * confirmations, which are not worth their bytes on every visit to the screen that offers them.
 */
export function lazyDialog<P extends { open: boolean }>(
  importDialog: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const LazyDialog = lazyComponent(lazyModule(importDialog), (component) => component);
  return function DialogOnDemand(props: P) {
    if (!props.open) return null;
    return (
      <Suspense fallback={null}>
        <LazyDialog {...props} />
      </Suspense>
    );
  };
}
