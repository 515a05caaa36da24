import type { PublicProfile, Stream } from '@glimpse/contract';

export const CREATOR_ID = 42;
export const STREAM_ID = 5;
export const STREAM_CHAT_ID = 70;

export function makeCreatorProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: CREATOR_ID,
    slug: 'grace',
    name: 'Grace Hopper',
    bio: '',
    sex: 'female',
    country_code: 'us',
    profileImage: null,
    verified: true,
    on_holiday_mood: false,
    userCategories: [],
    subscribePrice: null,
    subscriptionBenefits: { benefits_list: [], bundles: [] },
    directMessagePrice: null,
    directMessageTurnOff: false,
    directMessageSubscribersOnly: false,
    followers: 5,
    subscribers: 1,
    isOwn: false,
    isFollowing: true,
    isBlocked: false,
    channel_id: null,
    ...overrides,
  };
}

export function makeStream(overrides: Partial<Stream> = {}): Stream {
  return {
    id: STREAM_ID,
    user_id: CREATOR_ID,
    slug: 'grace',
    name: 'Grace Hopper',
    profileImage: null,
    verified: true,
    title: 'Compilers at night',
    status: 'live',
    audience: 'everyone',
    price: null,
    viewer_count: 3,
    started_at: '2026-01-01T10:00:00.000Z',
    ended_at: null,
    isOwner: false,
    isAvailable: true,
    needsPayment: false,
    playback_url: '/media/live/5/index.m3u8?t=first',
    chat_id: STREAM_CHAT_ID,
    record: false,
    replay_story_id: null,
    ...overrides,
  };
}
