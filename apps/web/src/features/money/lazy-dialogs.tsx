import { lazy, Suspense } from 'react';
import type { InsufficientFundsDialogProps } from './InsufficientFundsDialog.tsx';
import type { SubscribeDialogProps } from './SubscribeDialog.tsx';
import type { TipSheetProps } from './TipSheet.tsx';

/**
 * The money dialogs as lazy chunks: the screens that offer them (viewer, profile) render them
 * only once opened, so none of their code rides on a first page load.
 */
const LazyTipSheet = lazy(() => import('./TipSheet.tsx').then((m) => ({ default: m.TipSheet })));
const LazySubscribeDialog = lazy(() =>
  import('./SubscribeDialog.tsx').then((m) => ({ default: m.SubscribeDialog })),
);
const LazyInsufficientFundsDialog = lazy(() =>
  import('./InsufficientFundsDialog.tsx').then((m) => ({ default: m.InsufficientFundsDialog })),
);

export function TipSheetLoader(props: TipSheetProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyTipSheet {...props} />
    </Suspense>
  );
}

export function SubscribeDialogLoader(props: SubscribeDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazySubscribeDialog {...props} />
    </Suspense>
  );
}

export function InsufficientFundsDialogLoader(props: InsufficientFundsDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LazyInsufficientFundsDialog {...props} />
    </Suspense>
  );
}
