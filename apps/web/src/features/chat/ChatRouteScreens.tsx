import './chat-texts.ts';
import { useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { routes } from '../../routes.ts';
import { ChatConversation } from './ChatConversation.tsx';
import type { ChatTarget } from './chat.queries.ts';
import { chatHeaderMenuItems } from './header-menu-slot.tsx';
import { useWideLayout } from '../../ui/use-media-query.ts';
import { useVisualViewportFit } from './use-visual-viewport-fit.ts';

/** A route's id parameter as a row id, or null for anything else (which is a 404). */
function rowId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

function RouteConversation({ target }: { target: ChatTarget | null }) {
  const wide = useWideLayout();
  const ref = useRef<HTMLElement>(null);
  useVisualViewportFit(ref);
  if (!target) return <Navigate to={routes['404']()} replace />;
  const key = 'user_id' in target ? `user-${target.user_id}` : `chat-${target.chat_id}`;
  return (
    // Exactly one screen tall, never growing with its content (a flex item's `flex: 1` in the
    // phone's column of no set height grew to all the messages: the page scrolled instead of
    // the list); the message list scrolls inside it.
    <main ref={ref} id="main" className="flex h-dvh min-h-0 flex-none flex-col">
      {/* Keyed: another chat (the desktop list switches in place) starts a new timeline. */}
      <ChatConversation
        key={key}
        target={target}
        // Beside the list on a desktop, the list's title is the page's h1 and the list is the
        // way back.
        headingLevel={wide ? 2 : 1}
        backButton={!wide}
        headerMenuItems={chatHeaderMenuItems}
      />
    </main>
  );
}

/** user.own.chat: the direct chat with the user `id`. */
export function ChatScreen() {
  const userId = rowId(useParams().id);
  return <RouteConversation target={userId === null ? null : { user_id: userId }} />;
}

/** user.own.channel: the broadcast channel `chat_id`. */
export function ChannelScreen() {
  const chatId = rowId(useParams().chatId);
  return <RouteConversation target={chatId === null ? null : { chat_id: chatId }} />;
}

/** The chat over a profile (lazy-overlay.tsx loads it from this chunk). */
export { ChatOverlay } from './ChatOverlay.tsx';
