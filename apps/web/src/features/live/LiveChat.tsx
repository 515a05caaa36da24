import { MESSAGE_TEXT_MAX, type Message } from '@glimpse/contract';
import { CircleDollarSign, SendHorizontal } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { formatMoney } from '../../lib/money.ts';
import { IconButton } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { inputClass } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { TipSheet, type TipTarget } from '../money/index.ts';
import { useLiveChat } from './use-live-chat.ts';

interface LiveChatProps {
  chatId: number;
  /** The stream's creator: tips go to them. */
  creator: TipTarget;
  creatorName: string;
  /** The creator's own view: no tip button (nobody tips themselves). */
  isOwner: boolean;
  /** The stream is over: the chat stays readable, but nothing more can be sent or tipped. */
  ended?: boolean;
  className?: string;
}

/**
 * The live chat beside the video: messages as they come, a one-line composer and, for viewers,
 * the tip button (POST /api/tips/channel with the stream's chat; the tip shows in the chat).
 */
export function LiveChat({
  chatId,
  creator,
  creatorName,
  isOwner,
  ended = false,
  className,
}: LiveChatProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { state, messages, send } = useLiveChat(chatId, me.id);
  const [tipOpen, setTipOpen] = useState(false);
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex min-h-0 flex-col bg-white text-neutral-900', className)}
    >
      <h2 id={headingId} className="border-b border-neutral-200 px-4 py-2 text-sm font-bold">
        {t('live.chat.title')}
      </h2>
      {state.isPending ? (
        <Spinner className="flex-1 py-6" />
      ) : state.isError ? (
        <p role="alert" className="flex-1 px-4 py-6 text-sm text-neutral-600">
          {t('live.chat.unavailable')}
        </p>
      ) : (
        <>
          <ChatLog messages={messages} />
          <ChatComposer
            onSend={send}
            onTip={isOwner ? undefined : () => setTipOpen(true)}
            creatorName={creatorName}
            ended={ended}
          />
        </>
      )}
      <TipSheet
        open={tipOpen && !ended}
        onOpenChange={setTipOpen}
        target={creator}
        channelId={chatId}
      />
    </section>
  );
}

/** The messages, following the newest while the reader is at the end. */
function ChatLog({ messages }: { messages: Message[] }) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list && atEnd.current) list.scrollTop = list.scrollHeight;
  }, [newest]);

  function handleScroll() {
    const list = listRef.current;
    if (list) atEnd.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  }

  if (messages.length === 0) {
    return <p className="flex-1 px-4 py-6 text-sm text-neutral-600">{t('live.chat.empty')}</p>;
  }
  return (
    <ol
      ref={listRef}
      onScroll={handleScroll}
      role="log"
      aria-label={t('live.chat.log')}
      className="flex min-h-0 flex-1 flex-col gap-1.5 overflow-y-auto px-4 py-3 text-sm"
    >
      {messages.map((message) => (
        <li key={message.id} className="break-words">
          <ChatLine message={message} />
        </li>
      ))}
    </ol>
  );
}

function ChatLine({ message }: { message: Message }) {
  const { t } = useTranslation();
  const name = message.own ? t('live.chat.you') : message.sender_name;
  if (message.type === 'user_tip') {
    const amount = formatMoney(message.meta.tip?.amount ?? 0);
    return (
      <p className="rounded-lg bg-amber-50 px-2 py-1 text-amber-900">
        <CircleDollarSign aria-hidden="true" size={16} className="mr-1 inline align-[-3px]" />
        <span className="font-semibold">
          {t('live.chat.tipped', { name: message.meta.buyer?.name ?? name, amount })}
        </span>
        {message.message && <span> {message.message}</span>}
      </p>
    );
  }
  return (
    <p>
      <span className="font-semibold">{name}</span> {message.message}
    </p>
  );
}

interface ChatComposerProps {
  onSend: (text: string) => Promise<void>;
  /** Absent for the creator. */
  onTip?: () => void;
  creatorName: string;
  ended: boolean;
}

function ChatComposer({ onSend, onTip, creatorName, ended }: ChatComposerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const text = draft.trim();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text || sending || ended) return;
    setSending(true);
    setError(null);
    try {
      await onSend(text);
      setDraft('');
    } catch (failure) {
      setError(errorMessage(t, failure));
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      className="border-t border-neutral-200 px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
    >
      {ended ? (
        <p role="status" className="px-2 pb-2 text-sm text-neutral-700">
          <span className="font-semibold text-neutral-900">{t('live.chat.ended')}</span>{' '}
          {t('live.chat.endedBody')}
        </p>
      ) : (
        error && (
          <p role="alert" className="px-2 pb-1 text-xs text-red-700">
            {error}
          </p>
        )
      )}
      <div className="flex items-center gap-1">
        {onTip && (
          <IconButton
            label={t('live.chat.tip', { name: creatorName })}
            onClick={onTip}
            disabled={ended}
            className="disabled:cursor-not-allowed disabled:opacity-40"
          >
            <CircleDollarSign aria-hidden="true" size={22} />
          </IconButton>
        )}
        <input
          aria-label={t('live.chat.input')}
          placeholder={t(ended ? 'live.chat.ended' : 'live.chat.placeholder')}
          maxLength={MESSAGE_TEXT_MAX}
          value={ended ? '' : draft}
          disabled={ended}
          onChange={(event) => setDraft(event.target.value)}
          className={cn(inputClass, 'flex-1 disabled:cursor-not-allowed disabled:bg-neutral-100')}
        />
        <IconButton
          type="submit"
          label={t('live.chat.send')}
          disabled={!text || sending || ended}
          className="text-accent-strong disabled:opacity-40"
        >
          <SendHorizontal aria-hidden="true" size={22} />
        </IconButton>
      </div>
    </form>
  );
}
