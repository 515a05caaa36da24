import type { ChatState, CurrentUser, PaidOption } from '@glimpse/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { notify } from '../../ui/snackbar.ts';
import { newIdempotencyKey } from '../money/index.ts';
import { postTextMessage } from './chat.queries.ts';
import { optimisticMessage } from './optimistic-message.ts';
import { channelRefusalText, directRefusal } from './send-refusal.ts';
import type { ChatTimelineControls } from './use-chat-timeline.ts';

/** A dialog the send flow opened: messages turned off, or the ways to pay for messaging. */
export type SendDialog =
  { kind: 'disabled' } | { kind: 'paid'; options: PaidOption[]; continueWith: () => void } | null;

interface SenderOptions {
  chat: ChatState;
  me: CurrentUser;
  /** The companion turned direct messages off (spec 3 `directMessageTurnOff`). */
  messagesTurnedOff: boolean;
  timeline: ChatTimelineControls;
  /** A message is on its way: clear the input and follow it to the end of the list. */
  onDeliveryStarted: () => void;
}

/**
 * Sending, spec 4 and 8. A direct message first asks for permission (once per open chat once
 * allowed); a refusal opens the paid options, shows the reason, or "something went wrong". The
 * message then shows at once as an optimistic bubble with a new `client_id`, replaced by the
 * stored one; a failed one stays with a retry that sends the same `client_id`, so the server
 * stores it once however often it is retried.
 */
export function useMessageSender({
  chat,
  me,
  messagesTurnedOff,
  timeline,
  onDeliveryStarted,
}: SenderOptions) {
  const { t } = useTranslation();
  const direct = !chat.isBroadcastingChannel;
  const allowed = useRef(false);
  const checkingRef = useRef(false);
  const [checking, setChecking] = useState(false);
  const [dialog, setDialog] = useState<SendDialog>(null);

  // Plain functions, not memoised: a purchase continues a send that it refers back to, and
  // what they read (the chat's ids, the timeline's dispatchers) does not change while open.
  function refuse(error: unknown, continueWith: () => void) {
    const refusal = directRefusal(t, error);
    if (refusal.kind === 'pay') {
      allowed.current = false;
      setDialog({ kind: 'paid', options: refusal.options, continueWith });
    } else notify.error(refusal.text);
  }

  /** Resolves true when a direct message may go now; `continueWith` runs after a purchase. */
  async function ensureCanSend(continueWith: () => void = () => undefined): Promise<boolean> {
    if (!direct || allowed.current) return true;
    if (messagesTurnedOff) {
      setDialog({ kind: 'disabled' });
      return false;
    }
    checkingRef.current = true;
    setChecking(true);
    try {
      await call('checkPermissionToSend', { body: { user_id: chat.interlocutor_id } });
      allowed.current = true;
      return true;
    } catch (error) {
      refuse(error, continueWith);
      return false;
    } finally {
      checkingRef.current = false;
      setChecking(false);
    }
  }

  async function deliver(clientId: string, text: string): Promise<void> {
    timeline.setDelivery(clientId, 'sending');
    try {
      timeline.merge([await postTextMessage(chat, text, clientId)]);
    } catch (error) {
      timeline.setDelivery(clientId, 'failed');
      if (direct) refuse(error, () => void deliver(clientId, text));
      else notify.error(channelRefusalText(t, error));
    }
  }

  async function send(draft: string): Promise<void> {
    const text = draft.trim();
    if (!text || checkingRef.current) return;
    if (!(await ensureCanSend(() => void send(draft)))) return;
    const clientId = newIdempotencyKey();
    timeline.addPending(optimisticMessage(chat.chat_id, me, text, clientId));
    onDeliveryStarted();
    await deliver(clientId, text);
  }

  /** After a purchase: messages may go now; what was waiting goes. */
  function handlePurchased() {
    const waiting = dialog?.kind === 'paid' ? dialog.continueWith : undefined;
    allowed.current = true;
    setDialog(null);
    waiting?.();
  }

  /**
   * The subscribe dialog closed, subscribed or not: ask again, quietly. Allowed -> what was
   * waiting goes; otherwise it stays in the input and nothing more opens.
   */
  async function recheckAfterSubscribe() {
    const waiting = dialog?.kind === 'paid' ? dialog.continueWith : undefined;
    setDialog(null);
    try {
      await call('checkPermissionToSend', { body: { user_id: chat.interlocutor_id } });
      allowed.current = true;
      waiting?.();
    } catch {
      // Not subscribed (cancelled or not finished): the text waits in the input.
    }
  }

  return {
    send,
    retry: deliver,
    ensureCanSend,
    checking,
    dialog,
    closeDialog: () => setDialog(null),
    handlePurchased,
    recheckAfterSubscribe,
  };
}
