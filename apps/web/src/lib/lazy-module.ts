import { lazy, type ComponentType } from 'react';

/**
 * A code-split module loaded once, on demand, and remembered: once it is here a component can
 * render it at once. (A component that suspends instead, even for a moment, is revealed no
 * sooner than 300 ms after its fallback showed: React throttles Suspense reveals.)
 */
export interface LazyModule<T> {
  /** Starts loading (once; again after a failure) and resolves with the module. */
  load(): Promise<T>;
  /** Starts loading ahead of need; a failure is left for the first real use to meet again. */
  prefetch(): void;
  /** The module, if it has arrived. */
  readonly current: T | undefined;
}

/** Unit tests only: how each lazy module starts over, with its own import or a test's. */
const testResets = new Map<LazyModule<unknown>, (importModule?: () => Promise<unknown>) => void>();

export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let importing = importModule;
  let current: T | undefined;
  let pending: Promise<T> | undefined;
  const load = () => {
    pending ??= importing().then(
      (module) => (current = module),
      (error: unknown) => {
        // A failed chunk (offline, a deploy replaced it) may be asked for again.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const module: LazyModule<T> = {
    load,
    prefetch: () => void load().catch(() => undefined),
    get current() {
      return current;
    },
  };
  if (import.meta.env.MODE === 'test') {
    testResets.set(module, (replacement) => {
      importing = (replacement as (() => Promise<T>) | undefined) ?? importModule;
      current = undefined;
      pending = undefined;
    });
  }
  return module;
}

function testReset(module: LazyModule<unknown>): (importModule?: () => Promise<unknown>) => void {
  const reset = testResets.get(module);
  if (!reset) throw new Error('Lazy modules start over in unit tests only');
  return reset;
}

/**
 * Unit tests only: `module` forgets what it loaded and loads with `importModule` instead of its
 * own import (a chunk that arrives late, or never), until forgetLoadedModules.
 */
export function installTestImport<T>(module: LazyModule<T>, importModule: () => Promise<T>): void {
  testReset(module)(importModule);
}

/**
 * Unit tests only (test/setup.ts, after each file): every lazy module as on a fresh page, nothing
 * loaded and its own import. The files a worker runs share one module graph; this way each
 * still sees the first load of the code it asks for, as with a graph of its own.
 */
export function forgetLoadedModules(): void {
  for (const module of testResets.keys()) testReset(module)();
}

/**
 * Handlers that start `prefetch` once a person is about to use an element: a pointer comes
 * over it, a finger touches it, or it takes the focus.
 */
export function prefetchOnApproach(prefetch: () => void) {
  return { onPointerEnter: prefetch, onPointerDown: prefetch, onFocus: prefetch };
}

/** A thenable React reads at once: a lazy component whose module has arrived does not suspend. */
export function resolvedThenable<T>(value: T): PromiseLike<T> {
  const thenable = {
    status: 'fulfilled',
    value,
    then: <R>(onFulfilled?: ((value: T) => R | PromiseLike<R>) | null) => {
      onFulfilled?.(value);
      return thenable as unknown as PromiseLike<R>;
    },
  };
  return thenable;
}

/** `React.lazy` over a LazyModule: it suspends only if the module has not arrived yet. */
export function lazyComponent<T, P extends object>(
  module: LazyModule<T>,
  pick: (module: T) => ComponentType<P>,
) {
  return lazy(() => {
    const loaded = module.current;
    if (loaded) {
      return resolvedThenable({ default: pick(loaded) }) as Promise<{ default: ComponentType<P> }>;
    }
    return module.load().then((arrived) => ({ default: pick(arrived) }));
  });
}
