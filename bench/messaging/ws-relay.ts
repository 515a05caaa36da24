// The baseline: a bare `ws` server that relays every frame from any socket to every other socket,
// in its own process like the Glimpse server. With a database URL it is the durable baseline:
// each frame is first written in a transaction of its own (insert, commit), then relayed, the
// least a chat that persists before it delivers can do. With a Redis URL too it is one node of
// several: a committed frame goes to this node's other sockets and is published (ioredis, as
// socket.io's Redis adapter does), and each node hands what other nodes published to its own
// sockets: the floor of Glimpse's two-node path, one Redis hop and a second process per message.
// Run: node --import tsx bench/messaging/ws-relay.ts PORT [DATABASE_URL [REDIS_URL CHANNEL]]
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const [, , portArg, databaseUrl, redisUrl, channel = 'bench-relay'] = process.argv;
const port = Number(portArg);
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
if (pool) {
  await pool.query(
    'create table if not exists relay_messages (id bigserial primary key, body text not null)',
  );
}

const sockets = new Set<WebSocket>();
const relayLocal = (data: Buffer | string, except?: WebSocket) => {
  for (const other of sockets) if (other !== except) other.send(data);
};

// A node knows its own publications by this prefix and skips them, as the adapter does by uid.
const nodeId = randomUUID();
const pub = redisUrl ? new Redis(redisUrl) : undefined;
if (redisUrl) {
  const sub = new Redis(redisUrl);
  await sub.subscribe(channel);
  sub.on('message', (_channel: string, message: string) => {
    if (message.startsWith(nodeId)) return;
    relayLocal(message.slice(nodeId.length));
  });
}

async function persist(body: string): Promise<void> {
  const client = await pool!.connect();
  try {
    await client.query('begin');
    await client.query('insert into relay_messages (body) values ($1)', [body]);
    await client.query('commit');
  } finally {
    client.release();
  }
}

const server = new WebSocketServer({ port, host: '127.0.0.1' });
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('message', (data) => {
    const text = String(data);
    const relay = () => {
      relayLocal(text, socket);
      void pub?.publish(channel, nodeId + text);
    };
    if (pool) void persist(text).then(relay);
    else relay();
  });
  socket.on('close', () => sockets.delete(socket));
});
server.on('listening', () => process.stdout.write('listening\n'));
