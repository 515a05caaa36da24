import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { StoryViewerProvider } from '../features/story-viewer/StoryViewerProvider.tsx';
import { i18n } from '../i18n/index.ts';
import { LazyToaster } from '../ui/LazyToaster.tsx';
import { useIdleAfterLoad } from '../lib/idle.ts';
import { appQueryClient } from './query-client.ts';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so each starts with an empty cache. */
  queryClient?: QueryClient;
}

/**
 * The snackbar host, once the page is idle: it and its library wait instead of sharing a slow
 * network with the first screen; snackbars raised earlier are held until the host listens
 * (ui/snackbar.ts). Its own component: the flag flipping re-renders only
 * this, not the providers, whose re-render re-rendered an open story viewer whole (one long
 * task on a phone, a second or so after the first screen).
 */
function IdleToaster() {
  const idle = useIdleAfterLoad();
  return idle ? <LazyToaster /> : null;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? appQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <StoryViewerProvider>{children}</StoryViewerProvider>
        <IdleToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
