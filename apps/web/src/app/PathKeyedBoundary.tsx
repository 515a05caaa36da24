import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary.tsx';

/**
 * A conversation's own error boundary, reset by each address. RootLayout's boundary keeps the
 * messaging section mounted between chats (boundary-key.ts), so a broken chat shows its retry
 * beside a working list and the next chat opens normally.
 */
export function PathKeyedBoundary({ screen }: { screen: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{screen}</ErrorBoundary>;
}
