import { MessageCircle, Radio } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { ChatListKind } from '../chat/index.ts';
import { useChatList } from './chat-lists.queries.ts';
import { ChatListRow } from './ChatListRow.tsx';

interface ChatListProps {
  kind: ChatListKind;
  /** The open conversation's row (desktop): the companion's id, or the channel's chat id. */
  activeId: number | null;
}

/** The direct chats or the channels, with their loading, empty and error states. */
export function ChatList({ kind, activeId }: ChatListProps) {
  const { t } = useTranslation();
  const list = useChatList(kind);

  if (list.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (list.isError) {
    return (
      <EmptyState title={t('chat.list.error')}>
        <Button className="mt-4" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  }
  if (list.data.length === 0) {
    return kind === 'direct' ? (
      <EmptyState icon={<MessageCircle size={40} />} title={t('chat.list.emptyMessages')}>
        <p>{t('chat.list.emptyMessagesHint')}</p>
      </EmptyState>
    ) : (
      <EmptyState icon={<Radio size={40} />} title={t('chat.list.emptyChannels')}>
        <p>{t('chat.list.emptyChannelsHint')}</p>
      </EmptyState>
    );
  }
  return (
    <ul aria-label={t(kind === 'direct' ? 'chat.list.messagesLabel' : 'chat.list.channelsLabel')}>
      {list.data.map((item) => (
        <ChatListRow
          key={item.chat_id}
          item={item}
          active={
            activeId !== null &&
            (kind === 'direct' ? item.companion.id === activeId : item.chat_id === activeId)
          }
        />
      ))}
    </ul>
  );
}
