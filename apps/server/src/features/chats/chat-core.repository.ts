import { and, eq, sql } from 'drizzle-orm';
import type { ChatKind } from '../../db/schema/index.ts';
import { chatMembers, chats, messages, type MESSAGE_KINDS } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../platform/db/database.ts';
import { namedStatement } from '../../platform/db/prepared.ts';
import type { OutboxRow } from '../../platform/outbox/outbox-effect.ts';

export type MessageKind = (typeof MESSAGE_KINDS)[number];

export interface NewMessage {
  chatId: number;
  senderId: number;
  type: MessageKind;
  body?: string;
  /** The sender client's id: a repeat answers the first message instead of posting again. */
  clientId?: string | null;
  storyId?: number | null;
  audioKey?: string | null;
  audioDurationSeconds?: number | null;
  tipId?: number | null;
  tipRequestId?: number | null;
  meta?: Record<string, unknown>;
}

export interface ChatRow {
  id: number;
  kind: ChatKind;
  ownerId: number | null;
  userLowId: number | null;
  userHighId: number | null;
}

const chatColumns = {
  id: chats.id,
  kind: chats.kind,
  ownerId: chats.ownerId,
  userLowId: chats.userLowId,
  userHighId: chats.userHighId,
};

export async function findChat(db: DbOrTx, chatId: number): Promise<ChatRow | undefined> {
  const [row] = await db.select(chatColumns).from(chats).where(eq(chats.id, chatId));
  return row;
}

/** The direct chat of a pair, made with both members on first contact (race-safe). */
export async function findOrCreateDirectChat(tx: Tx, low: number, high: number): Promise<number> {
  await tx
    .insert(chats)
    .values({ kind: 'direct', userLowId: low, userHighId: high })
    .onConflictDoNothing({
      target: [chats.userLowId, chats.userHighId],
      where: sql`${chats.kind} = 'direct'`,
    });
  const [row] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.kind, 'direct'), eq(chats.userLowId, low), eq(chats.userHighId, high)));
  await tx
    .insert(chatMembers)
    .values([
      { chatId: row!.id, userId: low },
      { chatId: row!.id, userId: high },
    ])
    .onConflictDoNothing();
  return row!.id;
}

export async function findChannelOf(db: DbOrTx, ownerId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.kind, 'channel'), eq(chats.ownerId, ownerId)));
  return row?.id;
}

/** A live stream's chat (kind `stream`), owned by the creator, with their owner row. */
export async function insertStreamChat(tx: Tx, ownerId: number): Promise<number> {
  const [row] = await tx
    .insert(chats)
    .values({ kind: 'stream', ownerId })
    .returning({ id: chats.id });
  await tx.insert(chatMembers).values({ chatId: row!.id, userId: ownerId, role: 'owner' });
  return row!.id;
}

/** The message a sender already posted under this client id, if any. */
export async function findByClientId(
  db: DbOrTx,
  senderId: number,
  clientId: string,
): Promise<{ id: number; chatId: number } | undefined> {
  const [row] = await db
    .select({ id: messages.id, chatId: messages.chatId })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/** What the insert answers: the new message's id and time, its chat, and its sender's card. */
export interface InsertedMessage {
  id: number;
  createdAt: Date;
  chat: ChatRow;
  sender: { name: string; slug: string; avatarKey: string | null };
}

const value = (key: string, type: string) => sql`${sql.placeholder(key)}::${sql.raw(type)}`;

/**
 * The CTEs both insert statements end their writes with: the chat's last-message mark and each
 * sender's read mark move to the newest message `inserted` holds.
 */
const marksAfterInsert = sql`moved as (
    update chats set last_message_id = newest.id, last_message_at = newest.created_at
    from (select max(id) as id, max(created_at) as created_at from inserted) newest
    where chats.id = ${value('chatId', 'int')} and newest.id is not null
  ), marked as (
    update chat_members set last_read_message_id = own.id
    from (select sender_id, max(id) as id from inserted group by sender_id) own
    where chat_members.chat_id = ${value('chatId', 'int')} and chat_members.user_id = own.sender_id
  )`;

// One round trip while the chat is locked, for one message or a batch of them (a chat's sends
// queue on that lock, so its length is the chat's top rate; `message-batcher.ts` writes the sends
// that queued behind a transaction together). `locked` takes the chat's row lock before the insert
// draws the ids: the insert reads its chat from `locked`, so no id exists before the lock is held,
// messages of one chat commit in id order, and `after` cursors backfill with no gaps
// (docs/decisions.md, "Messaging: chats and channels"). The messages come as one array per column
// (one statement text for any count); the ids are drawn in the arrays' order (the insert's
// `nextval` runs above the select ordered by `ord`). A client id the sender already used inserts
// nothing (the partial unique index; a repeat inside the same statement too), and no row comes
// back for it. The last-message mark and each sender's read mark move to the newest inserted
// message in the same statement, found by the chat id so that they use the keys whatever the plan
// (a named statement's generic plan cannot know how many messages the arrays hold). The chat's
// members and the senders' cards come back for the events and the answers: nothing is read again.
// Exported: bench/messaging's bare baseline runs the very same statement.
export const INSERT_MESSAGES_SQL = sql`with locked as (
    select id, kind, owner_id, user_low_id, user_high_id from chats
    where id = ${value('chatId', 'int')} for no key update
  ), input as (
    select * from unnest(${value('senderIds', 'int[]')}, ${value('types', 'text[]')},
      ${value('bodies', 'text[]')}, ${value('clientIds', 'text[]')}, ${value('storyIds', 'int[]')},
      ${value('audioKeys', 'text[]')}, ${value('audioDurations', 'real[]')},
      ${value('tipIds', 'int[]')}, ${value('tipRequestIds', 'int[]')}, ${value('metas', 'text[]')})
      with ordinality as input(sender_id, type, body, client_id, story_id, audio_key,
        audio_duration_seconds, tip_id, tip_request_id, meta, ord)
  ), inserted as (
    insert into messages (chat_id, sender_id, type, body, client_id, story_id, audio_key,
      audio_duration_seconds, tip_id, tip_request_id, meta)
    select locked.id, input.sender_id, input.type, input.body, input.client_id, input.story_id,
      input.audio_key, input.audio_duration_seconds, input.tip_id, input.tip_request_id,
      input.meta::jsonb
    from locked cross join input
    order by input.ord
    on conflict (sender_id, client_id) where client_id is not null do nothing
    returning id, chat_id, sender_id, client_id, created_at
  ), ${marksAfterInsert}
  select inserted.id, inserted.created_at, inserted.sender_id, inserted.client_id, locked.kind,
    locked.owner_id, locked.user_low_id, locked.user_high_id, sender.name as sender_name,
    sender.slug as sender_slug, sender.avatar_key as sender_avatar_key
  from inserted
  join locked on locked.id = inserted.chat_id
  join users sender on sender.id = inserted.sender_id
  order by inserted.id`;

/** What one row of the insert statement answers. */
export type InsertedRow = {
  id: string | number;
  created_at: string;
  sender_id: number;
  client_id: string | null;
  kind: 'direct' | 'channel';
  owner_id: number | null;
  user_low_id: number | null;
  user_high_id: number | null;
  sender_name: string;
  sender_slug: string;
  sender_avatar_key: string | null;
};

const insertMessagesStatement = namedStatement<InsertedRow>(
  'chats_insert_messages',
  INSERT_MESSAGES_SQL,
);

const clientKey = (senderId: number, clientId: string) => `${senderId}:${clientId}`;

function insertedOf(chatId: number, row: InsertedRow): InsertedMessage {
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at),
    chat: {
      id: chatId,
      kind: row.kind,
      ownerId: row.owner_id,
      userLowId: row.user_low_id,
      userHighId: row.user_high_id,
    },
    sender: { name: row.sender_name, slug: row.sender_slug, avatarKey: row.sender_avatar_key },
  };
}

/** The insert statement's values for `inputs` into one chat: one array per column. */
export function insertMessagesValues(
  chatId: number,
  inputs: NewMessage[],
): Record<string, unknown> {
  return {
    chatId,
    senderIds: inputs.map((input) => input.senderId),
    types: inputs.map((input) => input.type),
    bodies: inputs.map((input) => input.body ?? ''),
    clientIds: inputs.map((input) => input.clientId ?? null),
    storyIds: inputs.map((input) => input.storyId ?? null),
    audioKeys: inputs.map((input) => input.audioKey ?? null),
    audioDurations: inputs.map((input) => input.audioDurationSeconds ?? null),
    tipIds: inputs.map((input) => input.tipId ?? null),
    tipRequestIds: inputs.map((input) => input.tipRequestId ?? null),
    metas: inputs.map((input) => JSON.stringify(input.meta ?? {})),
  };
}

/**
 * Inserts messages into one chat in one statement, in the given order (consecutive ids drawn
 * under the chat's lock), and moves the chat's last message and the senders' read marks to them.
 * Answers per input, in input order: what was inserted, or undefined when the sender had already
 * used its client id (also for the later of two inputs sharing one). Callers posting into several
 * chats in one transaction lock them in ascending chat id order (no deadlocks).
 */
export async function insertMessages(
  tx: Tx,
  chatId: number,
  inputs: NewMessage[],
): Promise<Array<InsertedMessage | undefined>> {
  const rows = await insertMessagesStatement(tx, insertMessagesValues(chatId, inputs));
  const answers = rows.map((row) => ({
    clientKey: row.client_id === null ? undefined : clientKey(row.sender_id, row.client_id),
    inserted: insertedOf(chatId, row),
  }));
  // Rows come back in id order, which is input order. A row with a client id is matched by it
  // (a taken one left a hole); rows without one never conflict, so they pair up in order.
  const byClientKey = new Map<string, InsertedMessage>();
  const withoutClientId: InsertedMessage[] = [];
  for (const answer of answers) {
    if (answer.clientKey === undefined) withoutClientId.push(answer.inserted);
    else byClientKey.set(answer.clientKey, answer.inserted);
  }
  return inputs.map((input) => {
    const clientId = input.clientId ?? null;
    if (clientId === null) return withoutClientId.shift();
    const key = clientKey(input.senderId, clientId);
    const inserted = byClientKey.get(key);
    byClientKey.delete(key); // a second input with the same client id was not inserted
    return inserted;
  });
}

/** A text for `insertLiveTexts`: its message, and its event copy with the database's parts left out. */
export interface LiveText {
  input: NewMessage;
  /** The neutral copy as JSON: id, date and the sender's name and slug come from the insert. */
  template: string;
}

/** What `insertLiveTexts` answers: the inserts (as `insertMessages`) and the outbox rows written. */
export interface InsertedLiveTexts {
  inserted: Array<InsertedMessage | undefined>;
  events: OutboxRow[];
}

// `insertMessages`' statement for texts whose `message.created` events it writes too: the outbox
// rows (claimed for the relay that delivers them after commit, as `inTransaction` writes them)
// come from the same statement, their copy being the caller's template with what only the insert
// knows set in (the id, the time as `toISOString` writes it, the sender's name and slug). Being
// one statement, it needs no transaction around it: the lock, the messages, the marks and the
// events commit together, in one round trip instead of four (begin, insert, outbox, commit).
const insertLiveTextsStatement = namedStatement<
  InsertedRow & { event_id: string | number; payload: object; options: object; attempts: number }
>(
  'chats_insert_live_texts',
  sql`with locked as (
    select id, kind, owner_id, user_low_id, user_high_id from chats
    where id = ${value('chatId', 'int')} for no key update
  ), input as (
    select * from unnest(${value('senderIds', 'int[]')}, ${value('bodies', 'text[]')},
      ${value('clientIds', 'text[]')}, ${value('templates', 'text[]')})
      with ordinality as input(sender_id, body, client_id, template, ord)
  ), inserted as (
    insert into messages (chat_id, sender_id, type, body, client_id, meta)
    select locked.id, input.sender_id, 'text', input.body, input.client_id, '{}'::jsonb
    from locked cross join input
    order by input.ord
    on conflict (sender_id, client_id) where client_id is not null do nothing
    returning id, chat_id, sender_id, client_id, created_at
  ), ${marksAfterInsert}, cards as (
    select distinct on (inserted.id) inserted.id, inserted.created_at, inserted.sender_id,
      inserted.client_id, sender.name as sender_name, sender.slug as sender_slug,
      sender.avatar_key as sender_avatar_key, input.template
    from inserted
    join users sender on sender.id = inserted.sender_id
    join input on input.sender_id = inserted.sender_id and input.client_id = inserted.client_id
    order by inserted.id, input.ord
  ), events as (
    insert into outbox (kind, name, payload, options, attempts, available_at)
    select 'realtime', 'message.created', jsonb_build_object(
        'chat_id', ${value('chatId', 'int')}, 'message_id', cards.id, 'sender_id', cards.sender_id,
        'message', cards.template::jsonb || jsonb_build_object('id', cards.id,
          'date', to_char(cards.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'sender_name', cards.sender_name, 'sender_slug', cards.sender_slug)),
      ${value('options', 'jsonb')}, ${value('attempts', 'int')},
      now() + make_interval(secs => ${value('claimSeconds', 'int')})
    from cards
    order by cards.id
    returning id, payload, options, attempts
  )
  select cards.id, cards.created_at, cards.sender_id, cards.client_id, locked.kind,
    locked.owner_id, locked.user_low_id, locked.user_high_id, cards.sender_name,
    cards.sender_slug, cards.sender_avatar_key, events.id as event_id, events.payload,
    events.options, events.attempts
  from cards
  cross join locked
  join events on (events.payload->>'message_id')::bigint = cards.id
  order by cards.id`,
);

/**
 * Texts (each with a client id) into one chat in one statement that commits on its own: what
 * `insertMessages` does, plus their `message.created` outbox rows to the chat's `rooms`, written
 * claimed for `claimSeconds` (the relay's lease) or, without a relay, due at once.
 */
export async function insertLiveTexts(
  db: DbOrTx,
  chatId: number,
  texts: LiveText[],
  rooms: string[],
  claimSeconds: number | undefined,
): Promise<InsertedLiveTexts> {
  const rows = await insertLiveTextsStatement(db, {
    chatId,
    senderIds: texts.map((text) => text.input.senderId),
    bodies: texts.map((text) => text.input.body ?? ''),
    clientIds: texts.map((text) => text.input.clientId!),
    templates: texts.map((text) => text.template),
    options: JSON.stringify({ rooms }),
    attempts: claimSeconds === undefined ? 0 : 1,
    claimSeconds: claimSeconds ?? 0,
  });
  const byClientKey = new Map(
    rows.map((row) => [clientKey(row.sender_id, row.client_id!), row] as const),
  );
  const inserted = texts.map(({ input }) => {
    const key = clientKey(input.senderId, input.clientId!);
    const row = byClientKey.get(key);
    byClientKey.delete(key); // a second text with the same client id was not inserted
    return row && insertedOf(chatId, row);
  });
  const events = rows.map(
    (row) =>
      ({
        id: Number(row.event_id),
        kind: 'realtime',
        name: 'message.created',
        payload: row.payload,
        options: row.options,
        attempts: row.attempts,
      }) as OutboxRow,
  );
  return { inserted, events };
}
