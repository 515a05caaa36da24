import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { StoryViewerProvider } from '../features/story-viewer/StoryViewerProvider.tsx';
import { i18n } from '../i18n/index.ts';
import { LazyToaster } from '../ui/LazyToaster.tsx';
import { whenIdleAfterLoad } from '../lib/idle.ts';
import { appQueryClient } from './query-client.ts';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so each starts with an empty cache. */
  queryClient?: QueryClient;
}

/**
 * True once the page has loaded and the browser is idle: what is not needed to show the first
 * screen (the snackbar host and its library) waits until then instead of sharing a slow
 * network with it. Snackbars raised earlier are held until the host listens (ui/snackbar.ts).
 */
function useIdleAfterLoad(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  return idle;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? appQueryClient());
  const idle = useIdleAfterLoad();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <StoryViewerProvider>{children}</StoryViewerProvider>
        {idle && <LazyToaster />}
      </QueryClientProvider>
    </I18nextProvider>
  );
}
