// Messaging: send -> persisted -> delivered latency against a bare WebSocket relay measured in the
// same run (one node, then two nodes through Redis), and sockets per node with their memory.
// Run: npx tsx bench/messaging/messaging.bench.ts   (needs PostgreSQL; Redis for the two-node part)
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'socket.io-client';
import WebSocket from 'ws';
import {
  buildServer,
  freePort,
  startGlimpse,
  type GlimpseProcess,
} from '../api/glimpse-process.ts';
import { benchDbName, recreateBenchDatabase } from '../support/bench-database.ts';
import { connectSocket, joinChat, makeChatPair, messageSender, warmUp } from './glimpse-chat.ts';
import {
  busySeconds,
  closedLoop,
  describeRun,
  openLoop,
  percentile,
  type RateRun,
} from './latency.ts';

const RATE = Number(process.env.BENCH_RATE ?? 1_000);
const HIGH_RATE = Number(process.env.BENCH_HIGH_RATE ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
// Messages sent to a fresh server before anything is measured (its JIT warms up on them).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
// The closed loop runs once per count of chats: one chat queues on its row lock, 8 do not.
const CLOSED_CHATS = (process.env.BENCH_CLOSED_CHATS ?? '1,8').split(',').map(Number);
// BENCH_ONLY=one,closed: a subset of the parts (relay, durable, one, closed, sockets, two, high);
// the relay baseline runs whenever a ratio needs it.
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? 'relay,durable,one,closed,sockets,two,high').split(','),
);
const redisUrl =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = benchDbName('glimpse_bench_messaging');
const relayScript = fileURLToPath(new URL('./ws-relay.ts', import.meta.url));

/**
 * The baseline: a frame from one raw WebSocket to another through a bare `ws` relay process;
 * with `databaseUrl`, each frame is written and committed before it is relayed (the floor).
 */
async function relayRun(perSecond: number, databaseUrl?: string): Promise<RateRun> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', relayScript, String(port), ...(databaseUrl ? [databaseUrl] : [])],
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
  let lastAt = 0;
  receiver.on('message', (data) => {
    lastAt = performance.now();
    latencies.push(lastAt - Number(JSON.parse(String(data)).t));
  });
  const started = performance.now();
  const sent = await openLoop(perSecond, SECONDS, () => {
    sender.send(JSON.stringify({ t: performance.now(), message: 'hello' }));
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  sender.close();
  receiver.close();
  child.kill();
  return {
    latencies,
    sent,
    delivered: latencies.length,
    seconds: busySeconds(SECONDS, started, lastAt),
  };
}

type SendOne = () => Promise<void>;
/** Drives `send` (an open loop at a rate, or a closed loop); answers how many it sent. */
type Load = (send: SendOne) => Promise<number>;

const atRate =
  (perSecond: number): Load =>
  (send) =>
    openLoop(perSecond, SECONDS, send);
const inClosedLoop =
  (concurrency: number): Load =>
  (send) =>
    closedLoop(concurrency, SECONDS, send);

interface GlimpseRun extends RateRun {
  failed: number;
  cpuMsPerMessage: number;
  /** Server CPU per second with no load, measured just before it (timers, pollers). */
  idleCpuMsPerSecond: number;
}

/**
 * Text messages sent over HTTP to `sendTo`, received as `message.created` on `receiveFrom`, in
 * `chats` direct chats (a pair of users each) taken in turn. One chat's sends queue on its row
 * lock, so one chat measures that lock; several measure the server.
 */
async function glimpseRun(
  sendTo: GlimpseProcess,
  receiveFrom: GlimpseProcess,
  load: Load,
  tag: string,
  chats = 1,
): Promise<GlimpseRun> {
  const startedAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastAt = 0;
  const onCreated = (payload: { message?: { client_id: string | null } }) => {
    const started = startedAt.get(payload.message?.client_id ?? '');
    if (started === undefined) return;
    lastAt = performance.now();
    latencies.push(lastAt - started);
  };
  const sockets: Socket[] = [];
  const senders: Array<ReturnType<typeof messageSender>> = [];
  for (let index = 0; index < chats; index++) {
    const pair = await makeChatPair(sendTo.url, chats === 1 ? tag : `${tag}${index}`);
    const socket = await connectSocket(receiveFrom.url, pair.receiver.cookie);
    await joinChat(socket, pair.chatId);
    socket.on('message.created', onCreated);
    sockets.push(socket);
    senders.push(messageSender(sendTo.url, pair));
  }
  const cpu = () => sendTo.cpuMs() + (receiveFrom === sendTo ? 0 : receiveFrom.cpuMs());
  const idleFrom = cpu();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const cpuBefore = cpu();
  let turn = 0;
  const started = performance.now();
  const sent = await load(() =>
    senders[turn++ % chats]!.send((clientId) => startedAt.set(clientId, performance.now())),
  );
  const failed = () => senders.reduce((sum, sender) => sum + sender.failed(), 0);
  const deadline = Date.now() + 10_000;
  while (latencies.length < sent - failed() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const cpuAfter = cpu();
  for (const socket of sockets) socket.close();
  await Promise.all(senders.map((sender) => sender.close()));
  return {
    latencies,
    sent,
    delivered: latencies.length,
    seconds: busySeconds(SECONDS, started, lastAt),
    failed: failed(),
    cpuMsPerMessage: (cpuAfter - cpuBefore) / Math.max(1, sent),
    idleCpuMsPerSecond: (cpuBefore - idleFrom) / 2,
  };
}

function ratioLine(label: string, run: RateRun, baseline: RateRun, target?: number): string {
  const ratio = percentile(run.latencies, 99) / percentile(baseline.latencies, 99);
  const verdict =
    target === undefined ? '' : ` (target <= ${target}x): ${ratio <= target ? 'met' : 'not met'}`;
  return `  p99 ratio ${label}: ${ratio.toFixed(1)}x${verdict}`;
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

const started: GlimpseProcess[] = [];

/**
 * A server node for this bench. Its RTMP listener is off: two nodes on one machine would both
 * want port 1935 (and another checkout's server may hold it), and messaging does not use it.
 * Every node started is stopped at the end even when a part fails, so none is left running.
 */
async function startNode(env: Record<string, string>): Promise<GlimpseProcess> {
  const node = await startGlimpse({ RTMP_PORT: '0', ...env });
  started.push(node);
  return node;
}

function cpuLine(run: GlimpseRun, whose: string): string {
  return (
    `  ${run.failed} sends failed, ${whose} CPU ${run.cpuMsPerMessage.toFixed(2)} ms per message ` +
    `(idle before: ${run.idleCpuMsPerSecond.toFixed(0)} ms per second)`
  );
}

async function main(): Promise<void> {
  console.log(
    `${availableParallelism()} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  // BENCH_BUILD=false runs the bundle as it is (e.g. an earlier build copied back, for A/B runs).
  if (process.env.BENCH_BUILD !== 'false') await buildServer();
  const databaseUrl = await recreateBenchDatabase(dbName);

  const needsBaseline = ['relay', 'one', 'two'].some((part) => ONLY.has(part));
  const baseline = needsBaseline ? await relayRun(RATE) : undefined;
  if (baseline) console.log(describeRun(`bare ws relay at ${RATE} msg/s`, baseline));
  // Not a target: how much of Glimpse's latency any chat that commits before it delivers pays.
  const floor = ONLY.has('durable') ? await relayRun(RATE, databaseUrl) : undefined;
  if (floor) {
    console.log(describeRun(`ws relay committing each frame first at ${RATE} msg/s`, floor));
    if (baseline) console.log(ratioLine('committing relay vs bare relay', floor, baseline));
  }

  if (['one', 'closed', 'sockets'].some((part) => ONLY.has(part))) {
    const single = await startNode({ DATABASE_URL: databaseUrl });
    await warmUp(single, 'single', WARMUP);
    if (ONLY.has('one')) {
      const one = await glimpseRun(single, single, atRate(RATE), 'one');
      console.log(describeRun(`glimpse, one node, PostgreSQL, at ${RATE} msg/s`, one));
      console.log(cpuLine(one, 'server'));
      console.log(ratioLine('one node vs bare relay', one, baseline!, 3));
      if (floor) console.log(ratioLine('one node vs committing relay', one, floor));
    }
    if (ONLY.has('closed')) {
      for (const chats of CLOSED_CHATS) {
        const load = inClosedLoop(CONCURRENCY);
        const closed = await glimpseRun(single, single, load, `closed${chats}x`, chats);
        const where = chats === 1 ? 'one chat' : `${chats} chats`;
        console.log(
          describeRun(
            `glimpse, one node, ${CONCURRENCY} senders in a closed loop, ${where}`,
            closed,
          ),
        );
        console.log(cpuLine(closed, 'server'));
      }
    }
    if (ONLY.has('sockets')) {
      const { cookie } = (await makeChatPair(single.url, 'sockets')).receiver;
      await socketsPerNode(single, cookie, SOCKETS);
    }
    await single.stop();
  }

  if (ONLY.has('two') || ONLY.has('high')) {
    const nodeA = await startNode({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
    const nodeB = await startNode({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      ROLE: 'api',
    });
    await warmUp(nodeA, 'a', WARMUP);
    if (ONLY.has('two')) {
      const two = await glimpseRun(nodeA, nodeB, atRate(RATE), 'two');
      console.log(
        describeRun(`glimpse, sent to node A, received on node B (Redis), at ${RATE} msg/s`, two),
      );
      console.log(cpuLine(two, 'both nodes'));
      console.log(ratioLine('two nodes vs bare relay', two, baseline!, 5));
      if (floor) console.log(ratioLine('two nodes vs committing relay', two, floor));
    }
    if (ONLY.has('high')) {
      const high = await glimpseRun(nodeA, nodeB, atRate(HIGH_RATE), 'high');
      console.log(describeRun(`glimpse, two nodes, at ${HIGH_RATE} msg/s`, high));
      const p99 = percentile(high.latencies, 99);
      console.log(
        `  ${high.failed} sends failed; p99 ${p99.toFixed(1)} ms (target <= 50 ms): ${p99 <= 50 ? 'met' : 'not met'}`,
      );
    }
    await nodeA.stop();
    await nodeB.stop();
  }
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at end`,
  );
}

try {
  await main();
} finally {
  await Promise.all(started.map((node) => node.stop()));
}
