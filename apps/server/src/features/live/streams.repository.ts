import { and, eq, ne, sql } from 'drizzle-orm';
import type { StreamAudience, StreamIngest, StreamStatus } from '@glimpse/contract';
import { streams, users } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';

/** A stream with what its wire shape shows of the creator. */
export interface StreamRow {
  id: number;
  creatorId: number;
  slug: string;
  name: string;
  avatarKey: string | null;
  verified: boolean;
  title: string;
  status: StreamStatus;
  audience: StreamAudience;
  priceCents: number | null;
  ingest: StreamIngest;
  viewerCount: number;
  startedAt: Date | null;
  endedAt: Date | null;
  chatId: number | null;
  record: boolean;
  replayStoryId: number | null;
}

const rowColumns = {
  id: streams.id,
  creatorId: streams.creatorId,
  slug: users.slug,
  name: users.name,
  avatarKey: users.avatarKey,
  verified: sql<boolean>`${users.verifyOndatoAt} is not null`,
  title: streams.title,
  status: streams.status,
  audience: streams.audience,
  priceCents: streams.priceCents,
  ingest: streams.ingest,
  viewerCount: streams.viewerCount,
  startedAt: streams.startedAt,
  endedAt: streams.endedAt,
  chatId: streams.chatId,
  record: streams.record,
  replayStoryId: streams.replayStoryId,
};

export async function findStream(db: DbOrTx, id: number): Promise<StreamRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(streams)
    .innerJoin(users, eq(users.id, streams.creatorId))
    .where(eq(streams.id, id));
  return row;
}

/** The creator's stream that has not ended (at most one: a unique index says so). */
export async function findOpenStreamOf(db: DbOrTx, creatorId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: streams.id })
    .from(streams)
    .where(and(eq(streams.creatorId, creatorId), ne(streams.status, 'ended')));
  return row?.id;
}

export interface NewStream {
  creatorId: number;
  title: string;
  audience: StreamAudience;
  priceCents: number | null;
  ingest: StreamIngest;
  record: boolean;
  chatId: number;
}

export async function insertStream(tx: Tx, stream: NewStream): Promise<number> {
  const [row] = await tx.insert(streams).values(stream).returning({ id: streams.id });
  return row!.id;
}

/** `starting` -> `live` at the first playlist; answers the creator when it moved. */
export async function markLive(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .update(streams)
    .set({ status: 'live', startedAt: sql`now()`, lastDataAt: sql`now()` })
    .where(and(eq(streams.id, id), eq(streams.status, 'starting')))
    .returning({ creatorId: streams.creatorId });
  return row?.creatorId;
}

/** Ends a stream that has not ended; answers it (creator, chat) when this call ended it. */
export async function markEnded(
  db: DbOrTx,
  id: number,
): Promise<{ creatorId: number; record: boolean; chatId: number | null } | undefined> {
  const [row] = await db
    .update(streams)
    .set({ status: 'ended', endedAt: sql`now()`, viewerCount: 0 })
    .where(and(eq(streams.id, id), ne(streams.status, 'ended')))
    .returning({ creatorId: streams.creatorId, record: streams.record, chatId: streams.chatId });
  return row;
}

/** Ingest data arrived; false when the stream has ended meanwhile (its ingest should stop). */
export async function touchData(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(streams)
    .set({ lastDataAt: sql`now()` })
    .where(and(eq(streams.id, id), ne(streams.status, 'ended')))
    .returning({ id: streams.id });
  return rows.length > 0;
}

/** Whether a moderator took the stream down (issue 29). */
export async function isTakenDown(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ at: streams.takenDownAt })
    .from(streams)
    .where(eq(streams.id, id));
  return row?.at != null;
}

export async function setReplayStory(db: DbOrTx, id: number, storyId: number): Promise<void> {
  await db.update(streams).set({ replayStoryId: storyId }).where(eq(streams.id, id));
}

export async function setViewerCount(db: DbOrTx, id: number, count: number): Promise<void> {
  await db
    .update(streams)
    .set({ viewerCount: count })
    .where(and(eq(streams.id, id), ne(streams.status, 'ended')));
}

/**
 * Streams not ended whose ingest went quiet: no data for `graceSeconds` (or, never having
 * started, created more than `startSeconds` ago).
 */
export async function staleStreams(
  db: DbOrTx,
  graceSeconds: number,
  startSeconds: number,
): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select id from streams
    where status <> 'ended' and (
      (last_data_at is not null and last_data_at < now() - make_interval(secs => ${graceSeconds}))
      or (last_data_at is null and created_at < now() - make_interval(secs => ${startSeconds})))`);
  return result.rows.map((row) => Number(row.id));
}

export async function streamKeyVersion(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ version: users.streamKeyVersion })
    .from(users)
    .where(eq(users.id, userId));
  return row?.version ?? 0;
}

export async function bumpStreamKeyVersion(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ streamKeyVersion: sql`${users.streamKeyVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.streamKeyVersion });
  return row!.version;
}
