import { useEffect } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { toasterIsListening } from './snackbar.ts';

// Top, so snackbars never cover the bottom navigation or a form's Save bar.
export function Toaster() {
  // Effects run children first: sonner's Toaster has subscribed by the time this runs.
  useEffect(() => toasterIsListening(), []);
  return <SonnerToaster position="top-center" richColors closeButton />;
}
