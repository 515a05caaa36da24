import { describe, expect, it } from 'vitest';
import type { StoryContentFact } from '../access.repository.ts';
import { decideMediaView, type MediaViewFact } from './media.permissions.ts';

const OWNER = 1;
const OTHER = 2;

const readyStory: StoryContentFact = {
  id: 10,
  ownerId: OWNER,
  status: 'ready',
  priceCents: null,
  ownerBlocksViewer: false,
  ownerHidden: false,
  audience: 'public',
  chats: [],
  unlocked: false,
  subscribed: false,
};

function media(kind: string, story: Partial<StoryContentFact> | null = null): MediaViewFact {
  return {
    key: 'k',
    ownerId: OWNER,
    kind,
    story: story && { ...readyStory, ...story },
    audioChatId: null,
    chat: null,
    viewerStaff: false,
  };
}

describe('media.view', () => {
  it('shows avatars to anyone signed in, never anonymously', () => {
    expect(decideMediaView(media('avatar'), OTHER)).toBe('allow');
    expect(decideMediaView(media('avatar_thumb'), OTHER)).toBe('allow');
    expect(decideMediaView(media('avatar'), null)).toBe('hidden');
  });

  it('always shows the owner their own blobs', () => {
    expect(decideMediaView(media('story_source', {}), OWNER)).toBe('allow');
    expect(decideMediaView(media('story_image', { status: 'processing' }), OWNER)).toBe('allow');
  });

  it('follows the story for renditions: visible and open to the viewer', () => {
    expect(decideMediaView(media('story_image', {}), OTHER)).toBe('allow');
    expect(decideMediaView(media('story_video', {}), OTHER)).toBe('allow');
    expect(decideMediaView(media('story_image', { status: 'failed' }), OTHER)).toBe('hidden');
    expect(decideMediaView(media('story_image', { priceCents: 100 }), OTHER)).toBe('hidden');
    expect(
      decideMediaView(media('story_video', { priceCents: 100, subscribed: true }), OTHER),
    ).toBe('allow');
    expect(decideMediaView(media('story_image', null), OTHER)).toBe('hidden');
  });

  it('keeps the uploaded original and unknown kinds to the owner', () => {
    expect(decideMediaView(media('story_source', {}), OTHER)).toBe('hidden');
    expect(decideMediaView(media('something_new'), OTHER)).toBe('hidden');
  });

  it('lets staff fetch locked story media and voice messages, never the uploaded original', () => {
    const staff = (m: MediaViewFact) => ({ ...m, viewerStaff: true });
    const locked = media('story_image', { priceCents: 500 });
    expect(decideMediaView(locked, OTHER)).toBe('hidden');
    expect(decideMediaView(staff(locked), OTHER)).toBe('allow');
    expect(decideMediaView(staff(media('story_video', { status: 'taken_down' })), OTHER)).toBe(
      'allow',
    );
    expect(decideMediaView(staff(media('message_audio')), OTHER)).toBe('allow');
    expect(decideMediaView(staff(media('story_source', {})), OTHER)).toBe('hidden');
    expect(decideMediaView(staff(locked), null)).toBe('hidden');
  });
});
