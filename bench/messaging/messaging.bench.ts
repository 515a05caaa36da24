// Messaging (issue 30 item 6): the chat send path against its real floor, in one run.
//  1. closed loop, 16 senders over 8 chats: Glimpse's throughput against a bare Fastify + pg + ws
//     server doing the same per-message statements (bare-chat.ts; target >= 0.7x), CPU per
//     message of both;
//  2. open loop at 300 msg/s: Glimpse's p99 against a relay committing each frame in PostgreSQL
//     (ws-relay.ts), one node (target <= 3x), and two nodes through Redis against two such relays
//     through Redis (<= 4x);
//  3. 10,000 sockets on one node, memory per socket.
// Run: npx tsx bench/messaging/messaging.bench.ts   (needs PostgreSQL; Redis for the two-node part)
// 10,000 sockets need as many descriptors in the server and in this process: `ulimit -n` must be
// above BENCH_SOCKETS + a few hundred (the npm script raises it where the hard limit allows).
import type { ChildProcess } from 'node:child_process';
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
import {
  connectSocket,
  joinChat,
  makeChatPair,
  messageSender,
  warmUp,
  type ChatPair,
} from './glimpse-chat.ts';
import { jobsSettled, pause, socketsPerNode, startScript, stopChild } from './bench-processes.ts';
import { cpuMsOf } from '../live/proc-cpu.ts';
import {
  busySeconds,
  closedLoop,
  describeRun,
  openLoop,
  percentile,
  type RateRun,
} from './latency.ts';

const OPEN_RATE = Number(process.env.BENCH_RATE ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const CLOSED_CHATS = Number(process.env.BENCH_CLOSED_CHATS ?? 8);
// Chats the open loop sends into in turn (one: the strictest, every send queues on one lock).
const OPEN_CHATS = Number(process.env.BENCH_OPEN_CHATS ?? 1);
// Closed-loop rounds, bare and Glimpse alternating (the machine is shared: a round each way).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
// Messages sent to a fresh server before anything is measured (its JIT warms up on them).
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
// BENCH_ONLY=closed,open: a subset of the parts (closed, open, two, sockets).
const ONLY = new Set((process.env.BENCH_ONLY ?? 'closed,open,two,sockets').split(','));
const redisUrl =
  process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const dbName = benchDbName('glimpse_bench_messaging');
const relayScript = fileURLToPath(new URL('./ws-relay.ts', import.meta.url));
const bareScript = fileURLToPath(new URL('./bare-chat.ts', import.meta.url));

// BENCH_BARE_AUTOCOMMIT=true (read by bare-chat.ts): the bare insert commits on its own.
const bareKind =
  process.env.BENCH_BARE_AUTOCOMMIT === 'true'
    ? 'insert committing alone'
    : 'begin, insert, commit';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/**
 * The floor of the open loop: one raw WebSocket to another through the committing relay; with
 * `redisUrl`, sent to one relay and received from a second one through Redis (the two-node floor).
 */
async function relayRun(
  perSecond: number,
  databaseUrl: string,
  redisUrl?: string,
): Promise<RateRun> {
  const channel = `bench-relay-${process.pid}-${Date.now()}`;
  const startRelay = async () => {
    const port = await freePort();
    const args = [String(port), databaseUrl, ...(redisUrl ? [redisUrl, channel] : [])];
    return { port, child: await startScript(relayScript, args) };
  };
  const relays = redisUrl ? [await startRelay(), await startRelay()] : [await startRelay()];
  const open = async (port: number) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  };
  const sender = await open(relays[0]!.port);
  const receiver = await open(relays.at(-1)!.port);
  const latencies: number[] = [];
  let lastAt = 0;
  receiver.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { t: number; message?: string };
    // A warm-up frame still on its way under load is not one of the measured ones.
    if (frame.message === undefined) return;
    lastAt = performance.now();
    latencies.push(lastAt - frame.t);
  });
  // Its own warm-up: a cold relay would flatter the ratio.
  for (let i = 0; i < WARMUP; i++) sender.send(JSON.stringify({ t: performance.now() }));
  await pause(1_000);
  latencies.length = 0;
  const started = performance.now();
  const sent = await openLoop(perSecond, SECONDS, () => {
    sender.send(JSON.stringify({ t: performance.now(), message: 'hello' }));
  });
  await pause(500);
  sender.close();
  receiver.close();
  for (const relay of relays) await stopChild(relay.child);
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

/** Where a run sends, how its receivers listen, and whose CPU it counts. */
interface Target {
  sendUrl: string;
  /** Listens as the pair's receiver; calls `delivered` with each new message's client id. */
  receive(pair: ChatPair, delivered: (clientId: string) => void): Promise<() => void>;
  cpuMs(): number;
}

interface Run extends RateRun {
  failed: number;
  cpuMsPerMessage: number;
  /** CPU per second with no load, measured just before it (timers, pollers). */
  idleCpuMsPerSecond: number;
}

/** Glimpse: received as `message.created` on `node`'s socket.io, with the chat joined. */
function glimpseReceiver(node: GlimpseProcess): Target['receive'] {
  return async (pair, delivered) => {
    const socket: Socket = await connectSocket(node.url, pair.receiver.cookie);
    await joinChat(socket, pair.chatId);
    socket.on('message.created', (payload: { message?: { client_id: string | null } }) => {
      if (payload.message?.client_id) delivered(payload.message.client_id);
    });
    return () => socket.close();
  };
}

/** The bare server: its frames on a plain WebSocket with the receiver's session. */
function bareReceiver(url: string): Target['receive'] {
  return async (pair, delivered) => {
    const socket = new WebSocket(url.replace('http', 'ws'), {
      headers: { cookie: pair.receiver.cookie },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { message: { client_id: string } };
      delivered(frame.message.client_id);
    });
    return () => socket.close();
  };
}

/**
 * Text messages sent over keep-alive HTTP (`POST /api/messages/send`, the web client's path) in
 * `pairs`' chats taken in turn, timed from the request's start to the receiver's delivery.
 */
async function measure(target: Target, pairs: ChatPair[], loadOf: Load): Promise<Run> {
  const startedAt = new Map<string, number>();
  const latencies: number[] = [];
  let lastAt = 0;
  const delivered = (clientId: string) => {
    const started = startedAt.get(clientId);
    if (started === undefined) return;
    lastAt = performance.now();
    latencies.push(lastAt - started);
  };
  const closers = await Promise.all(pairs.map((pair) => target.receive(pair, delivered)));
  const senders = pairs.map((pair) => messageSender(target.sendUrl, pair));
  const idleFrom = target.cpuMs();
  await pause(2_000);
  const cpuBefore = target.cpuMs();
  let turn = 0;
  const started = performance.now();
  const sent = await loadOf(() =>
    senders[turn++ % pairs.length]!.send((clientId) => startedAt.set(clientId, performance.now())),
  );
  const failed = () => senders.reduce((sum, sender) => sum + sender.failed(), 0);
  const deadline = Date.now() + 10_000;
  while (latencies.length < sent - failed() && Date.now() < deadline) await pause(50);
  const cpuAfter = target.cpuMs();
  for (const close of closers) close();
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

function cpuLine(run: Run, whose: string): string {
  return (
    `  ${run.failed} sends failed, ${whose} CPU ${run.cpuMsPerMessage.toFixed(2)} ms per message ` +
    `(idle before: ${run.idleCpuMsPerSecond.toFixed(0)} ms per second)`
  );
}

function p99Ratio(label: string, run: RateRun, floor: RateRun, target: number): string {
  const ratio = percentile(run.latencies, 99) / percentile(floor.latencies, 99);
  return `  p99 ratio ${label}: ${ratio.toFixed(2)}x (target <= ${target}x): ${ratio <= target ? 'met' : 'not met'}`;
}

const started: GlimpseProcess[] = [];
const children: ChildProcess[] = [];

/** A server node for this bench (RTMP off); every node is stopped at the end, even on failure. */
async function startNode(env: Record<string, string>): Promise<GlimpseProcess> {
  const node = await startGlimpse({ RTMP_PORT: '0', ...env });
  started.push(node);
  return node;
}

const pairsOn = (node: GlimpseProcess, tag: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, index) => makeChatPair(node.url, `${tag}${index}`)),
  );

/** Part 1: closed loop, bare and Glimpse alternating, `ROUNDS` rounds. */
async function closedPart(single: GlimpseProcess, databaseUrl: string): Promise<void> {
  const port = await freePort();
  const bare = await startScript(bareScript, [String(port), databaseUrl]);
  children.push(bare);
  const bareUrl = `http://127.0.0.1:${port}`;
  const bareTarget: Target = {
    sendUrl: bareUrl,
    receive: bareReceiver(bareUrl),
    cpuMs: () => cpuMsOf(bare.pid!),
  };
  const glimpseTarget: Target = {
    sendUrl: single.url,
    receive: glimpseReceiver(single),
    cpuMs: () => single.cpuMs(),
  };
  await warmUp(single, 'bare', WARMUP, bareUrl, await pairsOn(single, 'warm-bare', 8));
  const pairs = await pairsOn(single, 'closed', CLOSED_CHATS);
  const where = `${CONCURRENCY} senders in a closed loop over ${CLOSED_CHATS} chats`;
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // Alternate who goes first, so a load that rises during a round weighs on both alike.
    const order = round % 2 === 1 ? (['bare', 'glimpse'] as const) : (['glimpse', 'bare'] as const);
    const runs: Partial<Record<'bare' | 'glimpse', Run>> = {};
    for (const who of order) {
      const run = await measure(
        who === 'bare' ? bareTarget : glimpseTarget,
        pairs,
        inClosedLoop(CONCURRENCY),
      );
      runs[who] = run;
      const label = who === 'bare' ? `bare fastify + pg + ws (${bareKind})` : 'glimpse, one node';
      console.log(describeRun(`round ${round} (load ${load()}), ${label}, ${where}`, run));
      console.log(cpuLine(run, who === 'bare' ? 'bare server' : 'server'));
    }
    const rate = (run: Run) => run.delivered / run.seconds;
    const ratio = rate(runs.glimpse!) / rate(runs.bare!);
    ratios.push(ratio);
    cpuRatios.push(runs.glimpse!.cpuMsPerMessage / runs.bare!.cpuMsPerMessage);
    console.log(
      `  throughput ratio glimpse / bare: ${ratio.toFixed(2)}x (target >= 0.7x): ` +
        `${ratio >= 0.7 ? 'met' : 'not met'}; CPU per message ${(runs.glimpse!.cpuMsPerMessage / runs.bare!.cpuMsPerMessage).toFixed(2)}x the bare server's`,
    );
  }
  // On a shared machine one round can land in a burst of someone else's load: the median of the
  // rounds is the verdict, every round is printed above.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const list = (values: number[]) => values.map((v) => v.toFixed(2)).join(', ');
  console.log(
    `closed loop over ${ROUNDS} rounds: throughput ratio median ${median(ratios).toFixed(2)}x ` +
      `[${list(ratios)}] (target >= 0.7x): ${median(ratios) >= 0.7 ? 'met' : 'not met'}; ` +
      `CPU per message vs bare median ${median(cpuRatios).toFixed(2)}x [${list(cpuRatios)}]`,
  );
  await stopChild(bare);
}

async function main(): Promise<void> {
  console.log(`${availableParallelism()} cores, load average ${load()}`);
  // BENCH_BUILD=false runs the bundle as it is (e.g. an earlier build copied back, for A/B runs).
  if (process.env.BENCH_BUILD !== 'false') await buildServer();
  const databaseUrl = await recreateBenchDatabase(dbName);

  if (['closed', 'open', 'sockets'].some((part) => ONLY.has(part))) {
    const single = await startNode({ DATABASE_URL: databaseUrl });
    await warmUp(single, 'single', WARMUP);
    await jobsSettled(databaseUrl);
    if (ONLY.has('closed')) await closedPart(single, databaseUrl);
    if (ONLY.has('open')) {
      const floor = await relayRun(OPEN_RATE, databaseUrl);
      console.log(describeRun(`ws relay committing each frame at ${OPEN_RATE} msg/s`, floor));
      const pairs = await pairsOn(single, 'open', OPEN_CHATS);
      const one = await measure(
        { sendUrl: single.url, receive: glimpseReceiver(single), cpuMs: () => single.cpuMs() },
        pairs,
        atRate(OPEN_RATE),
      );
      console.log(
        describeRun(`glimpse, one node, ${OPEN_CHATS} chat(s), at ${OPEN_RATE} msg/s`, one),
      );
      console.log(cpuLine(one, 'server'));
      console.log(p99Ratio('one node vs committing relay', one, floor, 3));
    }
    if (ONLY.has('sockets')) {
      const [pair] = await pairsOn(single, 'sockets', 1);
      await socketsPerNode(single, pair!.receiver.cookie, SOCKETS);
    }
    await single.stop();
  }

  if (ONLY.has('two')) {
    const nodeA = await startNode({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl });
    const nodeB = await startNode({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ROLE: 'api' });
    await warmUp(nodeA, 'a', WARMUP);
    await jobsSettled(databaseUrl);
    // Both floors in the same run: the one-node relay (the earlier yardstick) and the verdict's,
    // two relays through Redis doing the per-message work the two nodes do.
    const local = await relayRun(OPEN_RATE, databaseUrl);
    console.log(describeRun(`ws relay committing each frame at ${OPEN_RATE} msg/s`, local));
    const floor = await relayRun(OPEN_RATE, databaseUrl, redisUrl);
    console.log(
      describeRun(
        `two ws relays through Redis, committing each frame, at ${OPEN_RATE} msg/s`,
        floor,
      ),
    );
    const pairs = await pairsOn(nodeA, 'two', OPEN_CHATS);
    // Each node's CPU at measure()'s three readings (idle from, before, after): who pays what.
    const readings: { a: number; b: number }[] = [];
    const two = await measure(
      {
        sendUrl: nodeA.url,
        receive: glimpseReceiver(nodeB),
        cpuMs: () => {
          const reading = { a: nodeA.cpuMs(), b: nodeB.cpuMs() };
          readings.push(reading);
          return reading.a + reading.b;
        },
      },
      pairs,
      atRate(OPEN_RATE),
    );
    console.log(
      describeRun(
        `glimpse, sent to node A, received on node B (Redis), at ${OPEN_RATE} msg/s`,
        two,
      ),
    );
    console.log(cpuLine(two, 'both nodes'));
    const [, before, after] = readings;
    const perMessage = (node: 'a' | 'b') =>
      ((after![node] - before![node]) / Math.max(1, two.delivered)).toFixed(2);
    console.log(
      `  of which node A (sends) ${perMessage('a')} ms, node B (receives) ${perMessage('b')} ms`,
    );
    console.log(
      `  p99 ratio two nodes vs one committing relay (for reference): ${(percentile(two.latencies, 99) / percentile(local.latencies, 99)).toFixed(2)}x`,
    );
    console.log(p99Ratio('two nodes vs two committing relays through Redis', two, floor, 4));
    await nodeA.stop();
    await nodeB.stop();
  }
  console.log(`load average ${load()} at end`);
}

try {
  await main();
} finally {
  await Promise.all(started.map((node) => node.stop()));
  await Promise.all(children.map(stopChild));
}
