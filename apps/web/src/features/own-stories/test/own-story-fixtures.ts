import type { OwnStory } from '@glimpse/contract';

/** An own story as GET /api/users/me/stories answers it (tests only). */
export function makeOwnStory(overrides: Partial<OwnStory> = {}): OwnStory {
  const id = overrides.id ?? 1;
  return {
    id,
    price: null,
    free: 'free',
    text: '',
    tags: [],
    is_video: false,
    is_processing: false,
    processing_error: null,
    overlay_src: `/media/story-${id}.webp`,
    overlay_image_src: `/media/story-${id}.jpg`,
    mp4_video_src: null,
    webm_video_src: null,
    download_src: `/media/story-${id}-download.jpg`,
    view_count: 0,
    created_date: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}
