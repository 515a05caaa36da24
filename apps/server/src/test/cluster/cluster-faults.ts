import type { HealthResponse } from '@glimpse/contract';
import type { PrivatePostgres, PrivateRedis } from '../faults/private-services.ts';
import type { Cluster } from './crowd-cluster.ts';
import type { FaultCrowd } from './crowd-faults.ts';
import { uploadStory } from './crowd-faults.ts';
import { classifyKillFailures, type RequestRecord } from './crowd-recorder.ts';
import { storyImage } from './crowd-setup.ts';

/**
 * Issue 30 item 8 on the local cluster: PostgreSQL restarted, Redis gone, the S3 store gone, an
 * API node SIGKILLed, one after the other under a running crowd. The fault suite
 * (test/faults/cluster-faults.test.ts) runs them with short outages, `npm run bench:crowd --
 * --faults` with 30 s ones.
 */
export type FaultName = 'postgres' | 'redis' | 's3' | 'node';
export const FAULTS: FaultName[] = ['postgres', 'redis', 's3', 'node'];

/** Longest any answer may take during a fault: a hang, not slowness (fault-helpers' bound). */
export const ANSWER_BOUND_MS = 15_000;

export interface FaultTargets {
  cluster: Cluster;
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  crowd: FaultCrowd;
}

export interface FaultReport {
  fault: FaultName;
  startedAt: number;
  /** When the dependency was back (or, for a node kill, when the kill's window closed). */
  endedAt: number;
  /** The health check's field that reads `down` while this fault lasts. */
  check: keyof HealthResponse['checks'] | undefined;
  /** /api/health through nginx saw that check `down` (ms after the fault began), or never. */
  healthDownAfterMs: number | undefined;
  /** What a request that needs the dependency got through nginx while it was down. */
  probe: string;
  /** From the dependency's return to /api/health 200 through nginx. */
  recoveredAfterMs: number | undefined;
  /** The last /api/health answer read through nginx after the dependency came back. */
  lastHealth: string;
  /** Cluster processes not running after the fault (the killed node is expected). */
  dead: string[];
  /** The node SIGKILLed (a node fault). */
  killed?: { name: string; port: number; signalledAt: number; exitedAt: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthThroughNginx(
  url: string,
): Promise<{ status: number; body: HealthResponse } | undefined> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
    return { status: response.status, body: (await response.json()) as HealthResponse };
  } catch {
    return undefined;
  }
}

/**
 * Polls /api/health through nginx until `ok` holds: the ms it took (undefined at the deadline) and
 * the last answer read, which says what was still down when it never held.
 */
async function healthUntil(
  url: string,
  ok: (answer: { status: number; body: HealthResponse }) => boolean,
  timeoutMs: number,
): Promise<{ ms: number | undefined; last: string }> {
  const startedAt = Date.now();
  let last = 'no answer';
  while (Date.now() - startedAt < timeoutMs) {
    const answer = await healthThroughNginx(url);
    last = answer ? `${answer.status} ${JSON.stringify(answer.body.checks)}` : 'no answer';
    if (answer && ok(answer)) return { ms: Date.now() - startedAt, last };
    await sleep(200);
  }
  return { ms: undefined, last };
}

const describeAnswer = (status: number, retryAfter: string | null | undefined) =>
  `${status}${retryAfter ? ` retry-after=${retryAfter}` : ''}`;

/** A request that needs the dependency, as a crowd user sends it through nginx. */
async function probe(fault: FaultName, crowd: FaultCrowd): Promise<string> {
  const [viewer, partner] = crowd.viewers;
  if (fault === 's3') {
    // An upload writes to the store before it answers.
    const creator = crowd.creators[0]!;
    const before = crowd.recorder.records.length;
    const id = await uploadStory(creator, await storyImage(7));
    if (id !== undefined) crowd.uploads.get(creator)!.push(id);
    const record = crowd.recorder.records
      .slice(before)
      .filter((r) => r.route === 'POST /api/stories')
      // The last: a first try on a connection nginx had just closed is recorded, then resent.
      .at(-1);
    return record ? describeAnswer(record.status, record.retryAfter) : 'unrecorded';
  }
  const answer = await viewer!.call(
    'POST /api/messages/send (probe)',
    'POST',
    '/api/messages/send',
    {
      user_id: partner!.id,
      message: `probe during ${fault}`,
      client_id: crypto.randomUUID(),
    },
  );
  if (answer.status === 200) viewer!.acknowledged.push((answer.body as { id: number }).id);
  return describeAnswer(answer.status, answer.headers.get('retry-after'));
}

const CHECK: Record<FaultName, FaultReport['check']> = {
  postgres: 'database',
  redis: 'redis',
  s3: 'storage',
  node: undefined,
};

/**
 * One fault: the dependency goes away for `outageMs` (a node is killed and stays dead), health
 * and a probe are read through nginx meanwhile, then it comes back and the cluster must be
 * healthy again without any process restarted.
 */
export async function injectFault(
  fault: FaultName,
  { cluster, postgres, redis, crowd }: FaultTargets,
  outageMs: number,
  log: (line: string) => void = () => undefined,
): Promise<FaultReport> {
  const check = CHECK[fault];
  const startedAt = Date.now();
  let killed: FaultReport['killed'];
  log(`fault: ${fault} for ${outageMs / 1000} s`);
  if (fault === 'postgres') await postgres.stop('SIGINT');
  else if (fault === 'redis') await redis.stop('SIGKILL');
  else if (fault === 's3') await cluster.stopS3();
  else {
    const victim = cluster.nodes.find((node) => node.name === 'api-2')!;
    const signalledAt = Date.now();
    process.kill(victim.pid, 'SIGKILL');
    await victim.exited;
    killed = { name: victim.name, port: victim.port, signalledAt, exitedAt: Date.now() };
  }

  const healthDownAfterMs = check
    ? (await healthUntil(cluster.url, (a) => a.body.checks[check].state === 'down', outageMs)).ms
    : undefined;
  const probed = await probe(fault, crowd);
  await sleep(Math.max(0, startedAt + outageMs - Date.now()));

  if (fault === 'postgres') await postgres.start();
  else if (fault === 'redis') await redis.start();
  else if (fault === 's3') await cluster.startS3();
  const recovery = await healthUntil(cluster.url, (a) => a.status === 200, 60_000);
  const recoveredAfterMs = recovery.ms;
  const endedAt = Date.now();
  const processes = [...cluster.nodes, cluster.nginx, cluster.s3];
  const dead = processes.filter((p) => !p.running() && p.name !== killed?.name).map((p) => p.name);
  log(
    `  health ${check ?? '-'} down after ${healthDownAfterMs ?? 'never'} ms; probe ${probed}; ` +
      `healthy again ${recoveredAfterMs ?? 'never'} ms after it was back`,
  );
  return {
    fault,
    startedAt,
    endedAt,
    check,
    healthDownAfterMs,
    probe: probed,
    recoveredAfterMs,
    // Not healthy again: what each process said last, to tell a store that never came back
    // from nodes that could not reach it.
    lastHealth:
      recoveredAfterMs === undefined
        ? [
            recovery.last,
            ...processes.map(
              (p) => `${p.name} (${p.running() ? 'running' : 'exited'}): ${p.output().slice(-600)}`,
            ),
          ].join('\n')
        : recovery.last,
    dead,
    ...(killed ? { killed } : {}),
  };
}

export interface AnswerVerdict {
  requests: number;
  /** Requests a closed kept-alive connection made the client send again. */
  resent: number;
  succeeded: number;
  /** 503 with Retry-After: the answer for what cannot be done now. */
  refused: number;
  /** Failures of requests in flight on the killed node when it died. */
  inFlightOnKilled: number;
  /** Everything else: a 5xx other than 503, a 503 without Retry-After, a 4xx, no answer. */
  unexplained: RequestRecord[];
  /** Answers slower than ANSWER_BOUND_MS. */
  slow: RequestRecord[];
}

/** Sorts every answer of the run (crowd and probes) into what the item allows and what not. */
export function judgeAnswers(records: RequestRecord[], reports: FaultReport[]): AnswerVerdict {
  const refused = records.filter((r) => r.status === 503 && r.retryAfter);
  const failures = records.filter(
    (r) => !r.resent && (r.status === 0 || (r.status >= 400 && !refused.includes(r))),
  );
  const kill = reports.find((r) => r.killed)?.killed;
  const { inFlight, unexplained } = kill
    ? classifyKillFailures(failures, kill, kill.port)
    : { inFlight: [], unexplained: failures };
  return {
    requests: records.length,
    resent: records.filter((r) => r.resent).length,
    succeeded: records.filter((r) => r.status > 0 && r.status < 400).length,
    refused: refused.length,
    inFlightOnKilled: inFlight.length,
    unexplained,
    slow: records.filter((r) => r.endedAt - r.startedAt > ANSWER_BOUND_MS),
  };
}
