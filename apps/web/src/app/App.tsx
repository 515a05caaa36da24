import { BrowserRouter } from 'react-router';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';
// Listens for the person's last input from the first one on: a dialog whose code loads on its
// first opening must know that a pointer, not the keyboard, opened it (no focus ring then).
import '../ui/focus-modality.ts';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
