import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { StoryViewerProvider } from '../features/story-viewer/StoryViewerProvider.tsx';
import { i18n } from '../i18n/index.ts';
import { LazyToaster } from '../ui/LazyToaster.tsx';
import { createQueryClient } from './query-client.ts';

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass their own client so each starts with an empty cache. */
  queryClient?: QueryClient;
}

export function Providers({ children, queryClient }: ProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <StoryViewerProvider>{children}</StoryViewerProvider>
        <LazyToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
