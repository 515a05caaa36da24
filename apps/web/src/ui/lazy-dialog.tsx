import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { lazyModule, type LazyModule } from '../lib/lazy-module.ts';

/**
 * A dialog or overlay whose code stays out of the screen's loads until it is first opened (the
 * money dialogs, the chat over a profile, rare confirmations): nothing renders while `open` is
 * false, and the dialog renders the moment its code has arrived. Not through Suspense: React
 * reveals a suspended component no sooner than 300 ms after its fallback, so a first opening
 * waited that long even when the code came in 50 ms. A chunk that fails to load throws where
 * the dialog would be, for the error boundary, as `lazy()` did.
 */
export function lazyDialog<P extends { open: boolean }>(
  importDialog: () => Promise<ComponentType<P>>,
): OnDemand<P> {
  const Dialog = lazyPart(importDialog);
  function DialogOnDemand(props: P) {
    return props.open ? <Dialog {...props} /> : null;
  }
  return Object.assign(DialogOnDemand, { prefetch: Dialog.prefetch });
}

/** A component whose code loads on demand, and may be asked for ahead of its first use. */
export type OnDemand<P> = ComponentType<P> & {
  /**
   * Starts loading the code now (a person is about to open it: a pointer over the button, a
   * touch on it), so the opening does not wait for it. A failure is left for the opening.
   */
  prefetch: () => void;
};

/**
 * The same for a part its parent renders only while it is wanted (a menu, a flow, a dialog
 * without an `open` prop, a tab once shown): its code loads when it first mounts, and it shows
 * once arrived, `placeholder` until then (nothing by default).
 */
export function lazyPart<P extends object>(
  importPart: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = null,
): OnDemand<P> {
  const module = lazyModule(importPart);
  return Object.assign(
    function PartOnDemand(props: P) {
      const Part = useArrivedModule(module);
      return Part ? <Part {...props} /> : placeholder;
    },
    { prefetch: () => module.prefetch() },
  );
}

/** The module once it has arrived (asked for on mount); a failed load is thrown. */
function useArrivedModule<T>(module: LazyModule<T>): T | undefined {
  // Held in objects: a module that is a component (a function) would be taken for an updater.
  const [arrived, setArrived] = useState(() => ({ value: module.current }));
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (arrived.value) return;
    let current = true;
    module.load().then(
      (value) => current && setArrived({ value }),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [module, arrived]);
  if (failure) throw failure.error;
  return arrived.value ?? module.current;
}
