import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { toasterIsListening } from './snackbar.ts';

/**
 * At the bottom, above what sits there: a phone's navigation bar (56 px) or a chat's composer
 * (62 px, both plus the safe area) and a desktop chat pane's composer. Never at the top, where
 * the headers are: a snackbar there covered the story viewer's and the chat's header (their
 * close and back buttons) while it showed.
 */
export const SNACKBAR_OFFSET = {
  phone: { bottom: 'calc(5rem + env(safe-area-inset-bottom))' },
  wide: { bottom: '5.5rem' },
};

export function Toaster() {
  // Effects run children first: sonner's Toaster has subscribed by the time this runs.
  useEffect(() => toasterIsListening(), []);
  return (
    <SonnerToaster
      position="bottom-center"
      offset={SNACKBAR_OFFSET.wide}
      mobileOffset={SNACKBAR_OFFSET.phone}
      richColors
      closeButton
      // A modal dialog (the story viewer) sets pointer-events: none on the page, the toasts
      // included: their buttons ("View" after a story reply, close) took no clicks over it.
      toastOptions={{ style: { pointerEvents: 'auto' } }}
    />
  );
}
