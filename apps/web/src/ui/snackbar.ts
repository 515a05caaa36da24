import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorMessage } from '../lib/error-message.ts';

/** Snackbars (sonner) behind one small API so screens never import the library directly. */
export const notify = {
  success: (message: string) => toast.success(message),
  info: (message: string) => toast(message),
  error: (message: string) => toast.error(message),
};

/** `notify` plus `notifyError`, which turns an ApiError into its translated message. */
export function useSnackbar() {
  const { t } = useTranslation();
  return useMemo(
    () => ({ notify, notifyError: (error: unknown) => notify.error(errorMessage(t, error)) }),
    [t],
  );
}
