import type { PublicProfile, Stream } from '@glimpse/contract';
import { makePublicProfile } from '../../../test/fixtures.ts';

export const CREATOR_ID = 42;
export const STREAM_ID = 5;
export const STREAM_CHAT_ID = 70;

export function makeCreatorProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return makePublicProfile({
    id: CREATOR_ID,
    verified: true,
    followers: 5,
    subscribers: 1,
    isFollowing: true,
    ...overrides,
  });
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
