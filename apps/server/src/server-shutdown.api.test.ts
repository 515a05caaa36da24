import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness.ts';

const GRACE_MS = 400;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.stop().catch(() => undefined);
  server = undefined;
});

/** A listening server with one connection whose request has its headers in but not its body. */
async function requestHalfSent(): Promise<{ socket: Socket; received: () => string }> {
  server = await startTestServer({}, { shutdownGraceMs: GRACE_MS });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as { port: number };
  const socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const arrived = new Promise((resolve) => server!.app.server.once('request', resolve));
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: application/json\r\nContent-Length: 48\r\n\r\n{"email":',
  );
  await arrived;
  return { socket, received: () => received };
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.closed) resolve();
    else socket.once('close', () => resolve());
  });

describe('shutting down', () => {
  it('cuts a request that never finishes once the grace period is over', async () => {
    const { socket, received } = await requestHalfSent();
    const started = Date.now();
    // Without the cut, closing waits for the body (Node's 5-minute request timeout).
    await server!.stop();
    server = undefined;
    expect(Date.now() - started).toBeGreaterThanOrEqual(GRACE_MS - 50);
    await closed(socket);
    expect(received()).toBe('');
  });

  it('answers a request that finishes within the grace period', async () => {
    const { socket, received } = await requestHalfSent();
    const stopping = server!.stop();
    server = undefined;
    socket.write(' "a@example.com", "password": "nope!!"}');
    await stopping;
    await closed(socket);
    expect(received()).toMatch(/^HTTP\/1\.1 \d{3} /);
  });
});
