// The baseline: a bare `ws` server that relays every frame from any socket to every other socket,
// in its own process like the Glimpse server. With a database URL it is the durable baseline:
// each frame is first written in a transaction of its own (insert, commit), then relayed, the
// least a chat that persists before it delivers can do.
// Run: node --import tsx bench/messaging/ws-relay.ts PORT [DATABASE_URL]
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const databaseUrl = process.argv[3];
const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : undefined;
if (pool) {
  await pool.query(
    'create table if not exists relay_messages (id bigserial primary key, body text not null)',
  );
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
const sockets = new Set<WebSocket>();
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('message', (data, isBinary) => {
    const relay = () => {
      for (const other of sockets) if (other !== socket) other.send(data, { binary: isBinary });
    };
    if (pool) void persist(String(data)).then(relay);
    else relay();
  });
  socket.on('close', () => sockets.delete(socket));
});
server.on('listening', () => process.stdout.write('listening\n'));
