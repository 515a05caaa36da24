import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message.ts';

// sonner (and the Toaster) load after the first paint: they are not needed to show home, and
// keeping them out of the first bundle holds the home route under its size budget. sonner drops
// a toast raised before a Toaster listens, so snackbars wait for the Toaster to mount.
let markMounted: () => void = () => undefined;
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** The Toaster calls this once it listens; snackbars raised earlier are shown then. */
export function toasterIsListening(): void {
  markMounted();
}

/** A button in the snackbar (e.g. "View" after a reply was sent). */
export interface SnackbarAction {
  label: string;
  onClick: () => void;
}

function show(kind: 'success' | 'info' | 'error', message: string, action?: SnackbarAction): void {
  void toasterMounted
    .then(() => import('sonner'))
    .then(({ toast }) => {
      const options = action ? { action } : undefined;
      if (kind === 'info') toast(message, options);
      else toast[kind](message, options);
    });
}

/** Snackbars (sonner) behind one small API so screens never import the library directly. */
export const notify = {
  success: (message: string, action?: SnackbarAction) => show('success', message, action),
  info: (message: string, action?: SnackbarAction) => show('info', message, action),
  error: (message: string) => show('error', message),
};

/** `notify` plus `notifyError`, which turns an ApiError into its translated message. */
export function useSnackbar() {
  const { t } = useTranslation();
  return useMemo(
    () => ({ notify, notifyError: (error: unknown) => notify.error(errorMessage(t, error)) }),
    [t],
  );
}
