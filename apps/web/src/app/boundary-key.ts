import { paths } from '../routes.ts';

const messagingSections = [paths.messages, paths.channels];

/**
 * RootLayout's error boundary is keyed by this, so navigating resets it. Within messaging the
 * key is the section (`/messages`, `/channels`): switching chats keeps the desktop list mounted,
 * with its scroll position, instead of rebuilding the whole page for every chat.
 */
export function boundaryKey(pathname: string): string {
  return (
    messagingSections.find(
      (section) => pathname === section || pathname.startsWith(`${section}/`),
    ) ?? pathname
  );
}
