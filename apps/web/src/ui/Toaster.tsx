import { Toaster as SonnerToaster } from 'sonner';

// Top, so snackbars never cover the bottom navigation or a form's Save bar.
export function Toaster() {
  return <SonnerToaster position="top-center" richColors closeButton />;
}
