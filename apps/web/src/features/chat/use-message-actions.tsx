import type { ChatState, Message } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useReportDialog } from '../reports/index.ts';
import { markDeletedInLists } from './chat.queries.ts';
import { MessageMenu, type MessageActions } from './MessageMenu.tsx';

/**
 * What the sender may delete for everyone (the server decides the same, docs/decisions.md):
 * not tips or tip requests (money moved), not a priced story (readers may have paid for it).
 */
export function deletableForEveryone(message: Message): boolean {
  if (!message.own || message.deleted) return false;
  if (message.type === 'text' || message.type === 'audio') return true;
  return message.type === 'story' && !message.story?.price;
}

interface MessageActionsOptions {
  chat: ChatState;
  /** Pin (the channel owner's own messages), or undefined where nobody pins. */
  pin?: (messageId: number) => void;
  /** The message is gone for everyone: the timeline and the pinned bar follow. */
  onDeleted: (messageId: number) => void;
}

/**
 * A message's menu (copy, pin, delete for everyone) for each stored message, and the delete
 * confirmation beside the list (it outlives the menu that asked for it).
 */
export function useMessageActions({ chat, pin, onDeleted }: MessageActionsOptions) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Message | null>(null);
  const report = useReportDialog('message');

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(t('chat.message.menu.copied'));
    } catch {
      notify.error(t('chat.message.menu.copyFailed'));
    }
  }

  async function remove(message: Message) {
    try {
      await call('deleteMessage', {
        params: { chat_id: chat.chat_id, message_id: message.id },
      });
      onDeleted(message.id);
      markDeletedInLists(queryClient, chat.chat_id, message.id);
    } catch (error) {
      notifyError(error);
    }
  }

  function wrap(message: Message): ((bubble: ReactNode) => ReactNode) | undefined {
    if (message.deleted) return undefined;
    const actions: MessageActions = {};
    if (message.type === 'text' && message.message) actions.copy = () => void copy(message.message);
    if (pin && message.own) actions.pin = () => pin(message.id);
    if (deletableForEveryone(message)) actions.delete = () => setDeleting(message);
    if (!message.own) actions.report = { label: report.label, run: () => report.open(message.id) };
    if (!actions.copy && !actions.pin && !actions.delete && !actions.report) return undefined;
    return (bubble) => (
      <MessageMenu actions={actions} own={message.own} openOnClick={actions.pin !== undefined}>
        {bubble}
      </MessageMenu>
    );
  }

  const dialog = (
    <>
      {report.dialog}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('chat.message.menu.deleteTitle')}
        message={t('chat.message.menu.deleteBody')}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </>
  );

  return { wrap, dialog };
}
