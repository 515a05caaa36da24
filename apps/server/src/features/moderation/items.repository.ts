import { inArray } from 'drizzle-orm';
import { messages, stories, streams, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** The people a page names (owners, reporters, actors), by id. */
export async function peopleByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, slug: users.slug, avatarKey: users.avatarKey })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}
export type PersonRow = Awaited<ReturnType<typeof peopleByIds>>[number];

export async function storiesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: stories.id,
      text: stories.text,
      isVideo: stories.isVideo,
      priceCents: stories.priceCents,
      status: stories.status,
      imageKey: stories.imageKey,
      mp4Key: stories.mp4Key,
      posterKey: stories.posterKey,
      createdAt: stories.createdAt,
    })
    .from(stories)
    .where(inArray(stories.id, ids));
}
export type StoryItemRow = Awaited<ReturnType<typeof storiesByIds>>[number];

export async function messagesByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: messages.id,
      chatId: messages.chatId,
      type: messages.type,
      body: messages.body,
      audioKey: messages.audioKey,
      storyId: messages.storyId,
      deletedAt: messages.deletedAt,
      takenDownAt: messages.takenDownAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.id, ids));
}
export type MessageItemRow = Awaited<ReturnType<typeof messagesByIds>>[number];

export async function usersByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      bio: users.bio,
      avatarKey: users.avatarKey,
      suspendedAt: users.suspendedAt,
      suspendedUntil: users.suspendedUntil,
      deletedAt: users.deletedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
}
export type UserItemRow = Awaited<ReturnType<typeof usersByIds>>[number];

export async function streamsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: streams.id,
      title: streams.title,
      status: streams.status,
      viewerCount: streams.viewerCount,
      startedAt: streams.startedAt,
      takenDownAt: streams.takenDownAt,
    })
    .from(streams)
    .where(inArray(streams.id, ids));
}
export type StreamItemRow = Awaited<ReturnType<typeof streamsByIds>>[number];
