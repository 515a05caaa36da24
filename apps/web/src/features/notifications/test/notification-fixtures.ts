import type { AppNotification, NotificationSettings } from '@glimpse/contract';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_TYPES } from '@glimpse/contract';

/** A line as GET /api/notifications answers it: Mia posted a story, unread, an hour ago. */
export function makeNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  const time = new Date(Date.now() - 3_600_000).toISOString();
  return {
    id: 1,
    type: 'story_posted',
    actor: { id: 9, name: 'Mia Wong', slug: 'mia', avatar_url: '/media/mia.jpg' },
    others: 0,
    subject: { kind: 'story', id: 31, path: '/u/mia?story=31' },
    data: {},
    created_at: time,
    updated_at: time,
    read: false,
    ...overrides,
  };
}

/** The settings of a user who changed nothing (the server's defaults). */
export function makeSettings(overrides: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    types: NOTIFICATION_TYPES.map((type) => ({ type, ...DEFAULT_NOTIFICATION_PREFERENCES[type] })),
    quiet_hours: null,
    time_zone: 'UTC',
    muted: [],
    ...overrides,
  };
}
