import { readFileSync } from 'node:fs';
import {
  CrowdRecorder,
  classifyKillFailures,
  type RequestRecord,
  type RouteStats,
} from './crowd-recorder.ts';
import { idempotencyKey, inBatches, markUsers, seedCreators, startLive } from './crowd-setup.ts';
import { CrowdUser } from './crowd-user.ts';

export interface CrowdOptions {
  /** nginx's URL. */
  url: string;
  /** The cluster's database: the setup confirms addresses and verifies creators there. */
  databaseUrl: string;
  users: number;
  durationMs: number;
  /** Verified creators with two stories each (default: one per 25 users, at least 4). */
  creators?: number;
  /** Pause between one user's actions, drawn uniformly from [min, max] ms. */
  thinkMs?: [number, number];
  /** Where ffmpeg publishes a live stream (nginx's RTMP); unset: no live stream. */
  rtmpUrl?: string;
  /** Processes whose CPU time counts as the cluster's (nodes, nginx, S3). */
  clusterPids?: number[];
  /** SIGKILL one API node this long after the measured run starts. */
  kill?: {
    afterMs: number;
    pid: number;
    port: number;
    name: string;
    /**
     * Resolves once the node is reaped (its child process's exit event). Not its /proc entry:
     * a process's first thread shows as a zombie while the others still tear down, with its
     * listening socket still open, about 100 ms after a SIGKILL here.
     */
    exited: Promise<unknown>;
  };
  log?: (line: string) => void;
}

export interface KillReport {
  node: string;
  port: number;
  signalledAt: number;
  exitedAt: number;
  /** Failed requests in flight on the killed node when it died: the ones a kill may cost. */
  inFlightFailures: number;
  /** Failed requests the kill does not explain: each one is a defect. */
  unexplained: RequestRecord[];
}

export interface CrowdResult {
  users: number;
  seconds: number;
  routes: RouteStats[];
  requests: number;
  failures: RequestRecord[];
  /** Cores the cluster's processes used on average over the run. */
  coresUsed: number;
  /** Users none of whose requests failed during the run. */
  servedUsers: number;
  /** Served users per core the cluster used (its processes' CPU time over the run's length). */
  usersPerCore: number;
  messages: {
    acknowledged: number;
    /** Acknowledged ids a chat member never received (socket or reconnect catch-up). */
    missing: number[];
    recoveredOnReconnect: number;
  };
  sockets: { total: number; connectedAtEnd: number; reconnects: number };
  kill?: KillReport;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime + stime (+ reaped children: nginx's workers, ffmpeg of the HLS ingest) in ticks.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks * 10;
  } catch {
    return undefined;
  }
}

/** CPU of the cluster's processes and their children (nginx workers, ffmpeg) over the run. */
function cpuMeter(pids: number[]) {
  const children = (pid: number): number[] => {
    try {
      const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      return [...list, ...list.flatMap(children)];
    } catch {
      return [];
    }
  };
  const last = new Map<number, number>();
  const first = new Map<number, number>();
  const sample = () => {
    for (const pid of pids.flatMap((p) => [p, ...children(p)])) {
      const value = cpuMs(pid);
      if (value === undefined) continue;
      if (!first.has(pid)) first.set(pid, value);
      last.set(pid, value);
    }
  };
  sample();
  const timer = setInterval(sample, 500);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, value] of last) total += value - (first.get(pid) ?? value);
      return total;
    },
  };
}

/**
 * A crowd against a running cluster: setup (creators and their stories, users signed up, topped
 * up and paired for chat, sockets open, optionally a live stream), then `durationMs` of users
 * scrolling Discover, opening story groups and their media, following, unlocking, tipping,
 * chatting and watching the live stream, each pausing between actions.
 */
export async function runCrowd(options: CrowdOptions): Promise<CrowdResult> {
  const log = options.log ?? (() => undefined);
  const recorder = new CrowdRecorder();
  const creatorCount = options.creators ?? Math.max(4, Math.ceil(options.users / 25));
  const [thinkMin, thinkMax] = options.thinkMs ?? [500, 1_500];

  log(`setup: ${creatorCount} creators with stories`);
  const creators = await seedCreators(options.url, options.databaseUrl, recorder, creatorCount);
  const live = options.rtmpUrl ? await startLive(creators.users[0]!, options.rtmpUrl) : undefined;

  const users: CrowdUser[] = [];
  try {
    log(`setup: ${options.users} users sign up, top up and open their chats`);
    for (let i = 0; i < options.users; i++) users.push(new CrowdUser(options.url, recorder));
    await inBatches(users, 8, (user, index) => user.signUp(`Crowd ${index + 1}`));
    await markUsers(
      options.databaseUrl,
      users.map((u) => u.id),
      [],
    );
    await inBatches(users, 16, (user) => user.topUp(20));
    // Pairs chat with each other; an odd last user talks to the first.
    const partnerOf = (index: number) =>
      users[index % 2 === 0 ? index + 1 : index - 1] ?? users[0]!;
    await inBatches(users, 16, async (user, index) => {
      await user.openChatWith(partnerOf(index));
      await user.connect();
    });

    log(`run: ${options.users} users for ${options.durationMs / 1000} s`);
    recorder.measuring = true;
    const meter = cpuMeter(options.clusterPids ?? []);
    const startedAt = Date.now();
    const deadline = startedAt + options.durationMs;
    let kill: { signalledAt: number; exitedAt: number } | undefined;
    const killer = options.kill
      ? (async () => {
          await sleep(options.kill!.afterMs);
          const signalledAt = Date.now();
          process.kill(options.kill!.pid, 'SIGKILL');
          await options.kill!.exited;
          kill = { signalledAt, exitedAt: Date.now() };
          log(`killed ${options.kill!.name} (pid ${options.kill!.pid}) with SIGKILL`);
        })()
      : Promise.resolve();

    const creatorIds = creators.users.map((c) => c.id);
    await Promise.all(
      users.map(async (user, index) => {
        // Arrivals spread over the first tenth of the run.
        await sleep(Math.random() * options.durationMs * 0.1);
        await user.signIn();
        const state = { unlocked: false, tipped: false, followed: new Set<number>() };
        while (Date.now() < deadline) {
          await act(user, partnerOf(index), creatorIds, live?.streamId, state);
          await sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
        }
      }),
    );
    await killer;
    const seconds = (Date.now() - startedAt) / 1000;
    const cpu = meter.stop();
    recorder.measuring = false;
    // Messages acknowledged in the last moments reach their members within this grace.
    await sleep(2_000);

    const missing: number[] = [];
    users.forEach((user, index) => {
      const partner = partnerOf(index);
      if (partner === user) return;
      for (const id of user.acknowledged) if (!partner.received.has(id)) missing.push(id);
    });
    const result: CrowdResult = {
      users: options.users,
      seconds,
      routes: recorder.routes(),
      requests: recorder.records.length,
      failures: recorder.failures(),
      coresUsed: cpu / 1000 / seconds,
      servedUsers: users.filter((u) => u.failedRequests === 0).length,
      usersPerCore:
        users.filter((u) => u.failedRequests === 0).length / Math.max(cpu / 1000 / seconds, 0.001),
      messages: {
        acknowledged: users.reduce((sum, u) => sum + u.acknowledged.length, 0),
        missing,
        recoveredOnReconnect: users.reduce((sum, u) => sum + u.recoveredOnReconnect, 0),
      },
      sockets: {
        total: users.length,
        connectedAtEnd: users.filter((u) => u.socket?.connected).length,
        reconnects: users.reduce((sum, u) => sum + u.reconnects, 0),
      },
    };
    if (options.kill && kill) {
      const { inFlight, unexplained } = classifyKillFailures(
        result.failures,
        kill,
        options.kill.port,
      );
      result.kill = {
        node: options.kill.name,
        port: options.kill.port,
        ...kill,
        inFlightFailures: inFlight.length,
        unexplained,
      };
    }
    return result;
  } finally {
    users.forEach((user) => user.close());
    await live?.stop();
  }
}

interface UserState {
  unlocked: boolean;
  tipped: boolean;
  followed: Set<number>;
}

/** One action of a user, drawn by weight; unlock and tip happen once per user. */
async function act(
  user: CrowdUser,
  partner: CrowdUser,
  creatorIds: number[],
  streamId: number | undefined,
  state: UserState,
): Promise<void> {
  const roll = Math.random();
  if (roll < 0.25) {
    const page = 1 + Math.floor(Math.random() * 2);
    await user.call(
      'GET /api/home/stories/discover',
      'GET',
      `/api/home/stories/discover?page=${page}&limit=20`,
    );
    return;
  }
  if (roll < 0.55) {
    const creatorId = pick(creatorIds);
    const group = await user.call(
      'GET /api/users/{id}/stories',
      'GET',
      `/api/users/${creatorId}/stories`,
    );
    if (group.status !== 200) return;
    const stories = (group.body as { stories: Story[] }).stories;
    const open = stories.find((s) => s.isAvailable && s.overlay_image_src);
    if (open) {
      await user.call('GET /media/{story image}', 'GET', open.overlay_image_src!);
      await user.call('POST /api/stories/{id}/watch', 'POST', `/api/stories/${open.id}/watch`);
    }
    const locked = stories.find((s) => !s.isAvailable && s.price);
    if (locked && !state.unlocked) {
      state.unlocked = true;
      await user.call(
        'POST /api/stories/{id}/unlock',
        'POST',
        `/api/stories/${locked.id}/unlock`,
        {},
        idempotencyKey(),
      );
    } else if (!state.followed.has(creatorId) && Math.random() < 0.3) {
      state.followed.add(creatorId);
      await user.call('POST /api/users/{id}/follow', 'POST', `/api/users/${creatorId}/follow`);
    } else if (!state.tipped && Math.random() < 0.3) {
      state.tipped = true;
      await user.call(
        'POST /api/tips',
        'POST',
        '/api/tips',
        { user_id: creatorId, amount: 1, message: 'from the crowd' },
        idempotencyKey(),
      );
    }
    return;
  }
  if (roll < 0.85 || streamId === undefined) {
    if (partner !== user) await user.sendMessage(partner);
    return;
  }
  const stream = await user.call('GET /api/streams/{id}', 'GET', `/api/streams/${streamId}`);
  const playbackUrl = (stream.body as { playback_url?: string | null } | undefined)?.playback_url;
  if (!playbackUrl) return;
  const playlist = await user.call('GET /media/live/{playlist}', 'GET', playbackUrl);
  if (playlist.status !== 200) return;
  // The newest segment the playlist names (signed for this viewer, as the playlist hands it).
  const segment = (playlist.body as Buffer)
    .toString()
    .split('\n')
    .findLast((line) => line.trim() !== '' && !line.startsWith('#'));
  if (!segment) return;
  const segmentUrl = new URL(segment.trim(), new URL(playbackUrl, user.url));
  await user.call('GET /media/live/{segment}', 'GET', segmentUrl.pathname + segmentUrl.search);
}

interface Story {
  id: number;
  isAvailable: boolean;
  price: number | null;
  overlay_image_src: string | null;
}
