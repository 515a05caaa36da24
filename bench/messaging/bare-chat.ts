// The real floor of POST /api/messages/send (issue 30): a bare Fastify + pg + ws server, in its
// own process like the Glimpse node, doing the per-message statements Glimpse does, built by the
// server's own query builders: the session lookup, the addressee's permission facts, then the
// messages of a chat in one transaction (begin, the batched insert statement, commit; sends that
// arrive while a chat's transaction is in flight go in the next one, as Glimpse's group commit
// does), delivered to the chat's members over plain WebSockets once committed. No outbox, no
// socket.io, no zod, no notifications: what is left of Glimpse's time against it is theirs.
// Run against a database Glimpse migrated and signed the users up in:
//   node --import tsx bench/messaging/bare-chat.ts PORT DATABASE_URL
import { sql, Placeholder, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { addresseeFacts } from '../../apps/server/src/features/access/chat-facts.repository.ts';
import { liveSessionQuery } from '../../apps/server/src/features/auth/auth.repository.ts';
import { sessionIdFromToken } from '../../apps/server/src/features/auth/session-token.ts';
import {
  INSERT_MESSAGES_SQL,
  insertMessagesValues,
  type InsertedRow,
} from '../../apps/server/src/features/chats/chat-core.repository.ts';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { prepared } from '../../apps/server/src/platform/db/prepared.ts';

const port = Number(process.argv[2]);
const databaseUrl = process.argv[3]!;
// BENCH_BARE_AUTOCOMMIT=true: the insert commits on its own (no begin/commit round trips), as
// Glimpse's one-statement path for a chat whose recipient has it open does.
const autocommit = process.env.BENCH_BARE_AUTOCOMMIT === 'true';
// The server's pool size (platform/db/database.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const db = drizzle(pool, { schema }) as unknown as Db;

/** A named statement: its text once, its values by placeholder name (as the server's are). */
interface Statement {
  name: string;
  text: string;
  values(named: Record<string, unknown>): unknown[];
  /** A drizzle select's keys in column order: its rows come as arrays (unnamed sql columns). */
  keys?: string[] | undefined;
}

function named(
  name: string,
  query: { sql: string; params: unknown[] },
  keys?: string[],
): Statement {
  return {
    name,
    text: query.sql,
    values: (values) => query.params.map((p) => (p instanceof Placeholder ? values[p.name] : p)),
    keys,
  };
}

const dialect = new PgDialect();
const session = named(
  'bare_session',
  liveSessionQuery(db, sql.placeholder('id')).toSQL() as { sql: string; params: unknown[] },
);
// The facts statement is built inside `addresseeFacts` and kept per handle by `prepared`: run it
// once, then take the very statement it prepared (text and placeholders) from there.
await addresseeFacts(db, 0, [0]);
const factsQuery = prepared(db, 'access_addressee_facts', () => {
  throw new Error('addresseeFacts did not prepare its statement');
}) as unknown as {
  rawQueryConfig: { text: string };
  params: unknown[];
  fields: Array<{ path: string[] }>;
};
const facts = named(
  'bare_addressee_facts',
  { sql: factsQuery.rawQueryConfig.text, params: factsQuery.params },
  factsQuery.fields.map((field) => field.path[0]!),
);
const insert = named('bare_insert_messages', dialect.sqlToQuery(INSERT_MESSAGES_SQL as SQL));

async function run<Row>(
  statement: Statement,
  values: Record<string, unknown>,
  client?: pg.PoolClient,
): Promise<Row[]> {
  const { name, text, keys } = statement;
  const config = { name, text, values: statement.values(values) };
  if (!keys) return (await (client ?? pool).query(config)).rows as Row[];
  const { rows } = await (client ?? pool).query<unknown[]>({ ...config, rowMode: 'array' });
  return rows.map((row) => Object.fromEntries(keys.map((key, i) => [key, row[i]])) as Row);
}

async function viewerOf(cookie: string | undefined): Promise<number | undefined> {
  const token = /glimpse_session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token) return undefined;
  const [row] = await run<{ user_id: number }>(session, { id: sessionIdFromToken(token) });
  return row?.user_id;
}

/** Sockets by user id: a direct chat's message goes to both members' sockets. */
const socketsOf = new Map<number, Set<WebSocket>>();

interface Send {
  chatId: number;
  senderId: number;
  body: string;
  clientId: string;
  resolve: (row: InsertedRow | undefined) => void;
  reject: (error: unknown) => void;
}

/** Chats with a transaction in flight, and the sends waiting for the next one. */
const inFlight = new Map<number, Send[]>();

async function write(batch: Send[]): Promise<void> {
  const chatId = batch[0]!.chatId;
  const client = await pool.connect();
  try {
    if (!autocommit) await client.query('begin');
    const rows = await run<InsertedRow>(
      insert,
      insertMessagesValues(
        chatId,
        batch.map((send) => ({
          chatId,
          senderId: send.senderId,
          type: 'text' as const,
          body: send.body,
          clientId: send.clientId,
        })),
      ),
      client,
    );
    if (!autocommit) await client.query('commit');
    const byClientId = new Map(rows.map((row) => [row.client_id, row]));
    for (const send of batch) send.resolve(byClientId.get(send.clientId));
  } catch (error) {
    if (!autocommit) await client.query('rollback').catch(() => undefined);
    for (const send of batch) send.reject(error);
  } finally {
    client.release();
  }
}

function post(send: Omit<Send, 'resolve' | 'reject'>): Promise<InsertedRow | undefined> {
  return new Promise((resolve, reject) => {
    const waiting = inFlight.get(send.chatId);
    if (waiting) {
      waiting.push({ ...send, resolve, reject });
      return;
    }
    const queue: Send[] = [];
    inFlight.set(send.chatId, queue);
    void (async () => {
      let batch: Send[] = [{ ...send, resolve, reject }];
      while (batch.length > 0) {
        await write(batch);
        batch = queue.splice(0, 100);
      }
      inFlight.delete(send.chatId);
    })();
  });
}

interface Facts {
  directChatId: number | null;
  accountHidden: boolean;
  blockedByParty: boolean;
  viewerBlocked: boolean;
  turnedOff: boolean;
}

const app = Fastify();
app.post('/api/messages/send', async (request, reply) => {
  const viewerId = await viewerOf(request.headers.cookie);
  if (viewerId === undefined) return reply.status(401).send({ err_key: 'unauthorized' });
  const body = request.body as { user_id: number; message: string; client_id: string };
  const [fact] = await run<Facts>(facts, { viewer: viewerId, ids: [body.user_id], country: '' });
  if (!fact || fact.accountHidden || fact.blockedByParty) {
    return reply.status(404).send({ err_key: 'user_not_found' });
  }
  // The bench's chats exist (opened before the run); a first contact is not measured here.
  if (fact.viewerBlocked || fact.turnedOff || fact.directChatId === null) {
    return reply.status(400).send({ err_key: 'cannot_send_msg' });
  }
  const row = await post({
    chatId: fact.directChatId,
    senderId: viewerId,
    body: body.message,
    clientId: body.client_id,
  });
  if (!row) return reply.status(409).send({ err_key: 'replayed' });
  const message = {
    id: Number(row.id),
    chat_id: fact.directChatId,
    client_id: row.client_id,
    type: 'text',
    message: body.message,
    date: new Date(row.created_at).toISOString(),
    user_id: viewerId,
    sender_name: row.sender_name,
    sender_slug: row.sender_slug,
  };
  const frame = JSON.stringify({ event: 'message.created', message });
  for (const member of [row.user_low_id, row.user_high_id]) {
    for (const socket of socketsOf.get(member!) ?? []) socket.send(frame);
  }
  return message;
});

const sockets = new WebSocketServer({ noServer: true });
app.server.on('upgrade', (request, socket, head) => {
  void viewerOf(request.headers.cookie).then((userId) => {
    if (userId === undefined) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      let own = socketsOf.get(userId);
      if (!own) socketsOf.set(userId, (own = new Set()));
      own.add(ws);
      ws.on('close', () => own.delete(ws));
    });
  });
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('listening\n');
