import { lazyDialog } from '../../ui/lazy-dialog.tsx';

/**
 * The money dialogs as lazy chunks: the screens that offer them (viewer, profile) render them
 * only once opened, so none of their code rides on a first page load.
 */
export const TipSheetLoader = lazyDialog(() => import('./TipSheet.tsx').then((m) => m.TipSheet));

export const SubscribeDialogLoader = lazyDialog(() =>
  import('./SubscribeDialog.tsx').then((m) => m.SubscribeDialog),
);

export const InsufficientFundsDialogLoader = lazyDialog(() =>
  import('./InsufficientFundsDialog.tsx').then((m) => m.InsufficientFundsDialog),
);
