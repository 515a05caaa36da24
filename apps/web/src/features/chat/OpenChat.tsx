import type { ChatState, CurrentUser, Message } from '@glimpse/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { routes } from '../../routes.ts';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import { TipSheet } from '../money/index.ts';
import { ChatHeader } from './ChatHeader.tsx';
import type { ChatConversationProps } from './conversation-props.ts';
import { isUserNotFound, useChatStatePatch, useCompanion } from './chat.queries.ts';
import { Composer } from './Composer.tsx';
import type { ComposerMediaContext } from './media-slots.tsx';
import { MessageList } from './MessageList.tsx';
import { PinnedBar } from './PinnedBar.tsx';
import { SendDialogs } from './SendDialogs.tsx';
import { newestUnreadId } from './timeline.ts';
import { useChatLive } from './use-chat-live.ts';
import { useChatTimeline } from './use-chat-timeline.ts';
import { useMessageActions } from './use-message-actions.tsx';
import { useMessageScroll } from './use-message-scroll.ts';
import { useMessageSender } from './use-message-sender.ts';
import { usePinActions, useSeekMessage } from './use-pinning.ts';
import { useReadMarker } from './use-read-marker.ts';
import { useTypingIndicator, useTypingWhisper } from './use-typing.ts';

interface OpenChatProps extends ChatConversationProps {
  chat: ChatState;
  me: CurrentUser;
}

/** An open chat: header, pinned bar (channels), the messages and the composer, kept live. */
export function OpenChat({
  target,
  chat,
  me,
  onBack,
  headingLevel = 1,
  backButton = true,
  headerMenuItems,
}: OpenChatProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useHideBottomNav(true);
  const inChannel = chat.isBroadcastingChannel;
  const ownChannel = inChannel && chat.isChatOwner;
  const companion = useCompanion(inChannel ? undefined : chat.interlocutor_id);
  const timeline = useChatTimeline(chat);
  const patchState = useChatStatePatch(target);
  const typing = useTypingIndicator();
  const whisper = useTypingWhisper(chat.chat_id);
  const { pin, unpin } = usePinActions(target, chat.chat_id);
  const [draft, setDraft] = useState('');
  const [tipOpen, setTipOpen] = useState(false);

  useChatLive({
    chatId: chat.chat_id,
    meId: me.id,
    timeline,
    onPinned: (message) => patchState({ pinned_message: message }),
    onUnpinned: () => patchState({ pinned_message: null }),
    onTyping: typing.handleTyping,
    onMessageFrom: typing.handleMessageFrom,
  });

  const clearDraft = useCallback(() => setDraft(''), []);
  const sender = useMessageSender({
    chat,
    me,
    messagesTurnedOff: companion.data?.directMessageTurnOff ?? false,
    timeline,
    onDeliveryStarted: clearDraft,
  });

  const { entries } = timeline.timeline;
  const last = entries.at(-1);
  const typingName =
    typing.typingUserId === null
      ? null
      : typing.typingUserId === chat.companion.id
        ? chat.companion.name
        : t('chat.someone');
  const scroll = useMessageScroll({
    firstKey: entries[0]?.key,
    // The typing indicator counts as the end of the list too: it appears in view.
    lastKey: `${last?.key ?? ''}|${typingName ?? ''}`,
    lastIsOwn: last?.message.own === true && last.delivery !== 'sent',
    onNearTop: () => void timeline.loadOlder(),
  });
  useReadMarker({
    chatId: chat.chat_id,
    atEnd: scroll.atEnd,
    unreadId: newestUnreadId(entries),
    onRead: timeline.markOthersRead,
  });
  const { seek, highlightedId } = useSeekMessage(scroll.ref, timeline.loadOlder);
  const messageActions = useMessageActions({
    chat,
    // Spec 4: the channel owner pins own messages.
    pin: ownChannel ? (messageId) => void pin(messageId) : undefined,
    onDeleted: (messageId) => {
      timeline.markDeleted([messageId]);
      // The server unpins it too (chat.unpinned follows).
      if (chat.pinned_message?.id === messageId) patchState({ pinned_message: null });
    },
  });

  const media: ComposerMediaContext = {
    chatId: chat.chat_id,
    isChannel: inChannel,
    receiverId: inChannel ? null : chat.interlocutor_id,
    ensureCanSend: () => sender.ensureCanSend(),
    onMessageSent: (message: Message) => timeline.merge([message]),
  };

  if (isUserNotFound(companion.error)) return <Navigate to={routes['404']()} replace />;

  function handleBack() {
    if (onBack) onBack();
    else void navigate(routes[inChannel ? 'user.own.channels' : 'user.own.messages']());
  }

  return (
    <section aria-label={chat.companion.name} className="flex min-h-0 flex-1 flex-col bg-white">
      <ChatHeader
        chat={chat}
        headingLevel={headingLevel}
        onBack={backButton ? handleBack : undefined}
        overlay={onBack !== undefined}
        headerMenuItems={headerMenuItems}
      />
      {inChannel && chat.pinned_message && (
        <PinnedBar
          message={chat.pinned_message}
          canUnpin={ownChannel}
          onOpen={() => void seek(chat.pinned_message!.id)}
          onUnpin={() => void unpin()}
        />
      )}
      <MessageList
        entries={entries}
        scrollRef={scroll.ref}
        onScroll={scroll.handleScroll}
        loadingOlder={timeline.loadingOlder}
        inChannel={inChannel}
        typingName={typingName}
        highlightedId={highlightedId}
        onRetry={(entry) => void sender.retry(entry.message.client_id!, entry.message.message)}
        onUpdate={(message) => timeline.merge([message])}
        messageWrap={messageActions.wrap}
      />
      <Composer
        draft={draft}
        onDraftChange={setDraft}
        onSend={() => void sender.send(draft)}
        busy={sender.checking}
        roles={{ canTip: !ownChannel, canPostMedia: !inChannel || ownChannel }}
        onTip={() => setTipOpen(true)}
        onTyping={whisper}
        media={media}
      />
      <TipSheet
        open={tipOpen}
        onOpenChange={setTipOpen}
        target={{
          id: chat.companion.id,
          username: chat.companion.slug,
          verified: chat.companion.verified,
        }}
        channelId={inChannel ? chat.chat_id : undefined}
      />
      <SendDialogs sender={sender} companion={chat.companion} />
      {messageActions.dialog}
    </section>
  );
}
