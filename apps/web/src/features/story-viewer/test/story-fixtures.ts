import type { Story, StoryGroup } from '@glimpse/contract';

/** Stories and story groups as the API answers them, for tests (no overlay loaded here). */

export function makeStory(overrides: Partial<Story> = {}): Story {
  const id = overrides.id ?? 11;
  return {
    id,
    user_id: 1,
    username: 'ada',
    slug: 'ada',
    name: 'Ada',
    type: 'other',
    text: `Story ${id}`,
    tags: [],
    is_video: false,
    video_duration: null,
    video_meta: { muted: false, width: 1080, height: 1920 },
    is_slo_mo: false,
    slow_motion_src: null,
    webm_video_src: null,
    mp4_video_src: null,
    overlay_image_src: `/media/${id}.jpg`,
    overlay_src: `/media/${id}.webp`,
    isAvailable: true,
    price: null,
    watched: false,
    verified: true,
    noPaid: false,
    created_date: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeVideoStory(overrides: Partial<Story> = {}): Story {
  const id = overrides.id ?? 31;
  return makeStory({
    id,
    is_video: true,
    video_duration: 8,
    mp4_video_src: `/media/${id}.mp4`,
    webm_video_src: `/media/${id}.webm`,
    overlay_image_src: `/media/${id}-poster.jpg`,
    overlay_src: `/media/${id}-poster.webp`,
    ...overrides,
  });
}

export function makeGroup(overrides: Partial<StoryGroup> = {}): StoryGroup {
  return {
    stories: [makeStory()],
    profileImage: null,
    name: 'Ada',
    slug: 'ada',
    creator_id: 1,
    subscribePrice: null,
    subscriptionBenefits: { benefits_list: [], bundles: [] },
    guide: false,
    auth_id: 99,
    ...overrides,
  };
}
