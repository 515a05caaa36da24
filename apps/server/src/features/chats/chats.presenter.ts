import type { ChatListItem, ChatParty, Message } from '@glimpse/contract';
import type { MediaSigner } from '../../platform/storage/media-signer.ts';
import type { ListedChatRow, PartyRow } from './chats.repository.ts';
import { isOnline } from './presence.ts';

/** The companion (or channel owner) as a chat header and list row show them. */
export function presentParty(
  party: PartyRow,
  viewerId: number,
  media: MediaSigner,
  now = Date.now(),
): ChatParty {
  return {
    id: party.id,
    name: party.name,
    slug: party.slug,
    profileImage: party.avatarKey ? media.url(party.avatarKey, viewerId) : null,
    verified: party.verified,
    on_holiday_mood: party.onHolidayMood,
    online: isOnline(party.lastSeenAt, now),
  };
}

export function presentListItem(
  row: ListedChatRow,
  companion: ChatParty,
  lastMessage: Message | undefined,
  viewerId: number,
): ChatListItem {
  return {
    chat_id: row.chatId,
    isBroadcastingChannel: row.kind === 'channel',
    isChatOwner: row.kind === 'channel' && row.partyId === viewerId,
    companion,
    last_message: lastMessage ?? null,
    unread_count: row.unreadCount,
    updated_at: row.updatedAt.toISOString(),
  };
}
