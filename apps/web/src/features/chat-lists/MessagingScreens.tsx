import { MessagesSquare } from 'lucide-react';
import { Suspense, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useWideLayout } from '../../ui/use-media-query.ts';
import type { ChatListKind } from '../chat/index.ts';
import { ChatList } from './ChatList.tsx';
import { ConversationTabs } from './ConversationTabs.tsx';

function useTitle(kind: ChatListKind): string {
  const { t } = useTranslation();
  return t(kind === 'direct' ? 'chat.list.messages' : 'chat.list.channels');
}

/**
 * The open conversation's row: the companion id (`/messages/:id`) or the channel's chat id
 * (`/channels/:chatId`); a parent route sees its child's parameters. Null while none is open.
 */
function useOpenId(kind: ChatListKind): number | null {
  const { id, chatId } = useParams();
  const value = kind === 'direct' ? id : chatId;
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** The title, the Messages / Channels tabs and the list; the page's main part on a phone. */
function ListPane({ kind, main }: { kind: ChatListKind; main: boolean }) {
  const title = useTitle(kind);
  const activeId = useOpenId(kind);
  const Body = main ? 'main' : 'div';
  return (
    <>
      <PageHeader title={title} back={false} />
      <Body id={main ? 'main' : undefined} className="flex flex-1 flex-col">
        <ConversationTabs />
        <ChatList kind={kind} activeId={activeId} />
      </Body>
    </>
  );
}

/**
 * Where the desktop list was scrolled. The app remounts a screen on every address (its error
 * boundary is keyed by path), so opening another chat rebuilds the list: it comes back to the
 * same place instead of the top.
 */
const listScroll: Record<ChatListKind, number> = { direct: 0, channel: 0 };

function DesktopListPane({ kind }: { kind: ChatListKind }) {
  const title = useTitle(kind);
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.scrollTop = listScroll[kind];
  }, [kind]);
  return (
    <section
      ref={ref}
      aria-label={title}
      onScroll={(event) => (listScroll[kind] = event.currentTarget.scrollTop)}
      className="flex w-80 shrink-0 flex-col overflow-y-auto border-r border-neutral-200 xl:w-96"
    >
      <ListPane kind={kind} main={false} />
    </section>
  );
}

/**
 * user.own.messages / user.own.channels, with a chat as the child route. A phone shows one at
 * a time: the list, or the chat as its own screen. From 1024 px the list stays on the left,
 * highlighting the open chat, and the chat opens beside it (or "Choose a conversation").
 */
function MessagingScreen({ kind }: { kind: ChatListKind }) {
  const { t } = useTranslation();
  const wide = useWideLayout();
  const chatOpen = useParams()[kind === 'direct' ? 'id' : 'chatId'] !== undefined;
  const chat = (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
  if (!wide) return chatOpen ? chat : <ListPane kind={kind} main />;
  return (
    // All the room beside the rail (the signed-in column widens for it: data-screen-wide), the
    // rail's border on the left, so no empty strip sits between the rail and the list.
    <div data-screen-wide className="flex h-dvh min-h-0">
      <DesktopListPane kind={kind} />
      <div className="flex min-w-0 flex-1 flex-col">
        {chatOpen ? (
          chat
        ) : (
          <main id="main" className="flex flex-1 flex-col items-center justify-center">
            <EmptyState icon={<MessagesSquare size={40} />} title={t('chat.list.choose')} />
          </main>
        )}
      </div>
    </div>
  );
}

export const MessagesScreen = () => <MessagingScreen kind="direct" />;
export const ChannelsScreen = () => <MessagingScreen kind="channel" />;
