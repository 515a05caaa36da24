import { Suspense, type ComponentType } from 'react';
import { lazyComponent, lazyModule } from '../lib/lazy-module.ts';

/**
 * A dialog or overlay whose code stays out of the screen's loads until it is first opened (the
 * money dialogs, the chat over a profile, rare confirmations): nothing renders while `open` is
 * false, and a module that has arrived renders again without suspending.
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
