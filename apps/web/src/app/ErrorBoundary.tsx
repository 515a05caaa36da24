import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '../ui/ErrorState.tsx';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
}

/**
 * Catches render errors and failed lazy chunks (e.g. an old tab after a deploy) so one broken
 * screen shows a retry instead of a blank page. Keyed by path by its parent, so navigating resets it.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Screen failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorState />;
    return this.props.children;
  }
}
