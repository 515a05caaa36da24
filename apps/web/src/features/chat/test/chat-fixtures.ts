import type { ChatListItem, ChatParty, ChatState, Companion, Message } from '@glimpse/contract';

/** Test data for messaging screens. The viewer is user 1 (makeUser), the companion user 42. */
export const ME_ID = 1;
export const COMPANION_ID = 42;

export function makeParty(overrides: Partial<ChatParty> = {}): ChatParty {
  return {
    id: COMPANION_ID,
    name: 'Anna Karenina',
    slug: 'anna',
    profileImage: null,
    verified: true,
    on_holiday_mood: false,
    online: false,
    ...overrides,
  };
}

let nextDate = Date.parse('2025-03-03T09:00:00');

export function makeMessage(id: number, overrides: Partial<Message> = {}): Message {
  nextDate += 60_000;
  const own = overrides.user_id === ME_ID || overrides.own === true;
  return {
    id,
    chat_id: 7,
    client_id: null,
    type: 'text',
    message: `Message ${id}`,
    date: new Date(nextDate).toISOString(),
    own,
    is_read: false,
    user_id: own ? ME_ID : COMPANION_ID,
    story_id: null,
    sender_name: own ? 'Ada Lovelace' : 'Anna Karenina',
    sender_slug: own ? 'ada' : 'anna',
    profile_image: null,
    audio_file_url: null,
    audio_duration: null,
    story: null,
    meta: {},
    ...overrides,
  };
}

export function makeChatState(overrides: Partial<ChatState> = {}): ChatState {
  return {
    chat_id: 7,
    interlocutor_id: COMPANION_ID,
    messages: [],
    older_cursor: null,
    storyExist: false,
    userImg: null,
    isBroadcastingChannel: false,
    isChatOwner: false,
    pinned_message: null,
    companion: makeParty(),
    description: '',
    ...overrides,
  };
}

export function makeChannelState(overrides: Partial<ChatState> = {}): ChatState {
  return makeChatState({ chat_id: 9, isBroadcastingChannel: true, ...overrides });
}

export function makeCompanion(overrides: Partial<Companion> = {}): Companion {
  return {
    id: COMPANION_ID,
    name: 'Anna Karenina',
    slug: 'anna',
    profileImage: null,
    avatar_url: null,
    verified: true,
    on_holiday_mood: false,
    hasNotWatchedStories: false,
    isExistStory: false,
    subscribePrice: 9.99,
    directMessagePrice: 4.99,
    directMessageTurnOff: false,
    directMessageSubscribersOnly: false,
    canSendMessages: true,
    blocked: false,
    ...overrides,
  };
}

export function makeListItem(chatId: number, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    chat_id: chatId,
    isBroadcastingChannel: false,
    isChatOwner: false,
    companion: makeParty({ id: 100 + chatId, name: `Person ${chatId}`, slug: `p${chatId}` }),
    last_message: null,
    unread_count: 0,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}
