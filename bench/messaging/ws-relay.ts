// The baseline: a bare `ws` server that relays every frame from any socket to every other socket,
// in its own process like the Glimpse server. Run: node --import tsx bench/messaging/ws-relay.ts PORT
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const server = new WebSocketServer({ port, host: '127.0.0.1' });
const sockets = new Set<WebSocket>();
server.on('connection', (socket) => {
  sockets.add(socket);
  socket.on('message', (data, isBinary) => {
    for (const other of sockets) if (other !== socket) other.send(data, { binary: isBinary });
  });
  socket.on('close', () => sockets.delete(socket));
});
server.on('listening', () => process.stdout.write('listening\n'));
