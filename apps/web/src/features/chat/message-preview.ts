import { PINNED_PREVIEW_CHARS, type Message } from '@glimpse/contract';
import type { TFunction } from 'i18next';
import { formatMoney } from '../../lib/money.ts';

/** What a message says in one line, by type: its text, or what it is for media and tips. */
export function messageSummary(t: TFunction, message: Message): string {
  if (message.deleted) return t('chat.preview.deleted');
  switch (message.type) {
    case 'story':
      return message.story?.is_video ? t('chat.preview.video') : t('chat.preview.photo');
    case 'audio':
      return t('chat.preview.audio');
    case 'user_tip':
      return t('chat.preview.tip', { amount: formatMoney(message.meta.tip?.amount ?? 0) });
    case 'creator_tip':
      return t('chat.preview.tipRequest', {
        amount: formatMoney(message.meta.creator_tip?.price ?? 0),
      });
    default:
      return message.message;
  }
}

/** A chat list row's last message: the summary, "You: ..." when the viewer sent it. */
export function lastMessagePreview(t: TFunction, message: Message | null): string {
  if (!message) return t('chat.list.noMessagesYet');
  const summary = messageSummary(t, message);
  return message.own ? t('chat.preview.own', { summary }) : summary;
}

/**
 * Spec 4: the pinned bar shows "story" or "audio" for those types, else the first
 * PINNED_PREVIEW_CHARS characters (code points, so an emoji is never cut in half) and an
 * ellipsis when there was more.
 */
export function pinnedPreview(t: TFunction, message: Message): string {
  if (message.type === 'story') return t('chat.pinned.story');
  if (message.type === 'audio') return t('chat.pinned.audio');
  // A tip has no text of its own to show when sent without a message: say what it is.
  const text = message.type === 'text' ? message.message : messageSummary(t, message);
  const characters = Array.from(text);
  if (characters.length <= PINNED_PREVIEW_CHARS) return text;
  return `${characters.slice(0, PINNED_PREVIEW_CHARS).join('')}…`;
}
