import { lazy, Suspense } from 'react';

const Toaster = lazy(() => import('./Toaster.tsx').then((module) => ({ default: module.Toaster })));

/** The snackbar host, loaded after the first paint (see snackbar.ts). */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
