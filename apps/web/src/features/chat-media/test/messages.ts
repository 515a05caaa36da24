import type { ChatStory, Message } from '@glimpse/contract';

export function makeChatStory(overrides: Partial<ChatStory> = {}): ChatStory {
  return {
    id: 31,
    price: null,
    isAvailable: true,
    overlay_image_src: '/media/story-31.jpg',
    overlay_src: '/media/story-31.webp',
    mp4_video_src: null,
    webm_video_src: null,
    is_video: false,
    text: 'Sunset at the pier #travel',
    tags: ['travel'],
    type: 'tags',
    slug: 'grace',
    verified: true,
    creator_id: 7,
    user_id: 7,
    profileImage: '/media/grace.jpg',
    name: 'Grace Hopper',
    online: false,
    subscribePrice: null,
    noPaid: false,
    ...overrides,
  };
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 501,
    chat_id: 40,
    client_id: null,
    type: 'text',
    message: '',
    date: '2025-03-01T12:00:00.000Z',
    own: false,
    is_read: false,
    user_id: 7,
    story_id: null,
    sender_name: 'Grace Hopper',
    sender_slug: 'grace',
    profile_image: null,
    audio_file_url: null,
    audio_duration: null,
    story: null,
    meta: {},
    ...overrides,
  };
}

export function storyMessage(story: Partial<ChatStory> = {}): Message {
  const chatStory = makeChatStory(story);
  return makeMessage({ type: 'story', story_id: chatStory.id, story: chatStory });
}
