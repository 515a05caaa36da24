// Messaging: send -> persisted -> delivered latency against a bare WebSocket relay measured in the
// same run (one node, then two nodes through Redis), and sockets per node with their memory.
// Run: npx tsx bench/messaging/messaging.bench.ts   (needs PostgreSQL; Redis for the two-node part)
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import WebSocket from 'ws';
import {
  buildServer,
  freePort,
  startGlimpse,
  type GlimpseProcess,
} from '../api/glimpse-process.ts';
import { connectSocket, joinChat, makeChatPair, messageSender } from './glimpse-chat.ts';
import { describeRun, openLoop, percentile, type RateRun } from './latency.ts';

const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const HIGH_RATE = Number(process.env.BENCH_HIGH_RATE ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 3_000);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = 'glimpse_bench_messaging';
const relayScript = fileURLToPath(new URL('./ws-relay.ts', import.meta.url));

async function recreateDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
}

/** The baseline: a frame from one raw WebSocket to another through a bare `ws` relay process. */
async function relayRun(perSecond: number): Promise<RateRun> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', relayScript, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const open = async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  };
  const [sender, receiver] = [await open(), await open()];
  const latencies: number[] = [];
  receiver.on('message', (data) => {
    latencies.push(performance.now() - Number(JSON.parse(String(data)).t));
  });
  const sent = await openLoop(perSecond, SECONDS, () => {
    sender.send(JSON.stringify({ t: performance.now(), message: 'hello' }));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  sender.close();
  receiver.close();
  child.kill();
  return { latencies, sent, delivered: latencies.length, seconds: SECONDS };
}

/** Text messages sent over HTTP to `sendTo`, received as `message.created` on `receiveFrom`. */
async function glimpseRun(
  sendTo: GlimpseProcess,
  receiveFrom: GlimpseProcess,
  perSecond: number,
  tag: string,
): Promise<RateRun & { failed: number; cpuMsPerMessage: number }> {
  const pair = await makeChatPair(sendTo.url, tag);
  const socket = await connectSocket(receiveFrom.url, pair.receiver.cookie);
  await joinChat(socket, pair.chatId);
  const startedAt = new Map<string, number>();
  const latencies: number[] = [];
  socket.on('message.created', (payload: { message?: { client_id: string | null } }) => {
    const started = startedAt.get(payload.message?.client_id ?? '');
    if (started !== undefined) latencies.push(performance.now() - started);
  });
  const sender = messageSender(sendTo.url, pair);
  const cpuBefore = sendTo.cpuMs() + (receiveFrom === sendTo ? 0 : receiveFrom.cpuMs());
  const sent = await openLoop(perSecond, SECONDS, () =>
    sender.send((clientId) => startedAt.set(clientId, performance.now())),
  );
  const deadline = Date.now() + 10_000;
  while (latencies.length < sent - sender.failed() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cpuAfter = sendTo.cpuMs() + (receiveFrom === sendTo ? 0 : receiveFrom.cpuMs());
  socket.close();
  await sender.close();
  return {
    latencies,
    sent,
    delivered: latencies.length,
    seconds: SECONDS,
    failed: sender.failed(),
    cpuMsPerMessage: (cpuAfter - cpuBefore) / Math.max(1, sent),
  };
}

function ratioLine(label: string, run: RateRun, baseline: RateRun, target: number): string {
  const ratio = percentile(run.latencies, 99) / percentile(baseline.latencies, 99);
  return `  p99 ratio ${label}: ${ratio.toFixed(1)}x (target <= ${target}x): ${ratio <= target ? 'met' : 'not met'}`;
}

/** Opens `count` sockets with one session on a node and reports the node's memory per socket. */
async function socketsPerNode(node: GlimpseProcess, cookie: string, count: number): Promise<void> {
  const before = node.rssMb();
  const sockets: Socket[] = [];
  let refused = 0;
  for (let index = 0; index < count; index += 100) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(100, count - index) }, () => connectSocket(node.url, cookie)),
    );
    for (const result of batch) {
      if (result.status === 'fulfilled') sockets.push(result.value);
      else refused += 1;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = node.rssMb();
  console.log(
    `sockets on one node: ${sockets.length} connected, ${refused} refused; server RSS ` +
      `${before.toFixed(0)} -> ${after.toFixed(0)} MB, ${(((after - before) * 1024) / Math.max(1, sockets.length)).toFixed(1)} KB per socket`,
  );
  for (const socket of sockets) socket.close();
}

async function main(): Promise<void> {
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  await buildServer();
  const databaseUrl = await recreateDatabase();

  const baseline = await relayRun(RATE);
  console.log(describeRun(`bare ws relay at ${RATE} msg/s`, baseline));

  const single = await startGlimpse({ DATABASE_URL: databaseUrl });
  const one = await glimpseRun(single, single, RATE, 'one');
  console.log(describeRun(`glimpse, one node, PostgreSQL, at ${RATE} msg/s`, one));
  console.log(
    `  ${one.failed} sends failed, server CPU ${one.cpuMsPerMessage.toFixed(2)} ms per message`,
  );
  console.log(ratioLine('one node vs bare relay', one, baseline, 3));
  const { cookie } = (await makeChatPair(single.url, 'sockets')).receiver;
  await socketsPerNode(single, cookie, SOCKETS);
  await single.stop();

  const nodeA = await startGlimpse({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
  const nodeB = await startGlimpse({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ROLE: 'api' });
  const two = await glimpseRun(nodeA, nodeB, RATE, 'two');
  console.log(
    describeRun(`glimpse, sent to node A, received on node B (Redis), at ${RATE} msg/s`, two),
  );
  console.log(
    `  ${two.failed} sends failed, CPU of both nodes ${two.cpuMsPerMessage.toFixed(2)} ms per message`,
  );
  console.log(ratioLine('two nodes vs bare relay', two, baseline, 5));
  const high = await glimpseRun(nodeA, nodeB, HIGH_RATE, 'high');
  console.log(describeRun(`glimpse, two nodes, at ${HIGH_RATE} msg/s`, high));
  const p99 = percentile(high.latencies, 99);
  console.log(
    `  ${high.failed} sends failed; p99 ${p99.toFixed(1)} ms (target <= 50 ms): ${p99 <= 50 ? 'met' : 'not met'}`,
  );
  await nodeA.stop();
  await nodeB.stop();
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at end`,
  );
}

await main();
