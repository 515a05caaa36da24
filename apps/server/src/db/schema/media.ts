import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every stored blob, so that access can be decided from its owner and kind. */
export const mediaObjects = pgTable(
  'media_objects',
  {
    key: text('key').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    /** What the blob is for: avatar, avatar_thumb, story_media, ... */
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    /** For story media: the story whose access rule decides who may fetch it. */
    storyId: integer('story_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_objects_owner_idx').on(t.ownerId),
    index('media_objects_story_idx').on(t.storyId),
  ],
);
