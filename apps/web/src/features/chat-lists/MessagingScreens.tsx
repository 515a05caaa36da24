import { MessagesSquare } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { paths } from '../../routes.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useWideLayout, type ChatListKind } from '../chat/index.ts';
import { ChatList } from './ChatList.tsx';
import { ConversationTabs } from './ConversationTabs.tsx';

function useTitle(kind: ChatListKind): string {
  const { t } = useTranslation();
  return t(kind === 'direct' ? 'chat.list.messages' : 'chat.list.channels');
}

/** The row of the conversation open at this address: companion id (direct) or chat id. */
function useActiveId(kind: ChatListKind): number | null {
  const direct = useMatch(paths.chat);
  const channel = useMatch(paths.channel);
  const value = kind === 'direct' ? direct?.params.id : channel?.params.chatId;
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/** The title, the Messages / Channels tabs and the list; the page's main part on a phone. */
function ListPane({ kind, main }: { kind: ChatListKind; main: boolean }) {
  const title = useTitle(kind);
  const activeId = useActiveId(kind);
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
 * user.own.messages / user.own.channels with the conversation below them in the route tree. A
 * phone shows one at a time: the list here, a chat as its own screen. From 1024 px the list
 * stays on the left, highlighting the open chat, and the conversation opens beside it.
 */
function MessagingLayout({ kind }: { kind: ChatListKind }) {
  const wide = useWideLayout();
  const title = useTitle(kind);
  const outlet = (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
  if (!wide) return outlet;
  return (
    <div className="flex h-dvh min-h-0">
      <section
        aria-label={title}
        className="flex w-80 shrink-0 flex-col overflow-y-auto border-r border-neutral-200 xl:w-96"
      >
        <ListPane kind={kind} main={false} />
      </section>
      <div className="flex min-w-0 flex-1 flex-col">{outlet}</div>
    </div>
  );
}

/** The list itself (phone), or the empty pane beside it (desktop) while no chat is open. */
function MessagingIndex({ kind }: { kind: ChatListKind }) {
  const { t } = useTranslation();
  const wide = useWideLayout();
  if (wide) {
    return (
      <main id="main" className="flex flex-1 flex-col items-center justify-center">
        <EmptyState icon={<MessagesSquare size={40} />} title={t('chat.list.choose')} />
      </main>
    );
  }
  return <ListPane kind={kind} main />;
}

export const MessagesLayout = () => <MessagingLayout kind="direct" />;
export const ChannelsLayout = () => <MessagingLayout kind="channel" />;
export const MessagesScreen = () => <MessagingIndex kind="direct" />;
export const ChannelsScreen = () => <MessagingIndex kind="channel" />;
