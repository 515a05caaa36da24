import { randomUUID } from 'node:crypto';
import { CrowdRecorder } from './crowd-recorder.ts';
import { inBatches, markUsers, seedCreators, storyImage } from './crowd-setup.ts';
import { CrowdUser } from './crowd-user.ts';

/**
 * The crowd of the fault runs (issue 30 item 8): viewers scroll Discover, open creators' stories
 * and their media, chat in pairs and tip; creators post stories (uploads, each a processing job
 * on the worker). Unlike runCrowd it runs until stopped, while faults come and go, and keeps
 * what the cluster acknowledged so checkAcknowledged can look for it afterwards.
 */
export interface FaultCrowdOptions {
  /** nginx's URL. */
  url: string;
  databaseUrl: string;
  users: number;
  creators: number;
  /** Pause between one user's actions, drawn uniformly from [min, max] ms. */
  thinkMs: [number, number];
  log?: (line: string) => void;
}

/** The tips of one user by Idempotency-Key, by what the cluster answered. */
export interface TipLog {
  acknowledged: string[];
  /** 503: not taken; retried (same key, same creator) after the faults, taken once. */
  refused: { key: string; creatorId: number }[];
  /** No answer (a node killed mid-request): taken or not, never twice. */
  unknown: string[];
}

export interface FaultCrowd {
  url: string;
  recorder: CrowdRecorder;
  viewers: CrowdUser[];
  creators: CrowdUser[];
  tips: Map<CrowdUser, TipLog>;
  /** Story ids whose upload was answered 201, by creator. */
  uploads: Map<CrowdUser, number[]>;
  /** Ends every user's loop after its current action. */
  stop(): Promise<void>;
}

/** Tips per viewer at most: each is one unit of the 20 topped up, so no wallet runs dry. */
const MAX_TIPS = 8;
const TOP_UP = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** POST /api/stories (multipart) through nginx, recorded as the crowd's other requests are. */
export async function uploadStory(user: CrowdUser, image: Buffer): Promise<number | undefined> {
  const form = new FormData();
  form.append('model', JSON.stringify({ text: 'fault crowd story', price: null }));
  form.append('meta', JSON.stringify({ width: 480, height: 640 }));
  form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'story.jpg');
  const answer = await user.upload('POST /api/stories', '/api/stories', form);
  return answer.status === 201 ? (answer.body as { id?: number }).id : undefined;
}

/** One tip of one unit with a fresh key, logged by its answer. */
async function tip(user: CrowdUser, creatorId: number, log: TipLog): Promise<void> {
  const key = randomUUID();
  const answer = await user.call(
    'POST /api/tips',
    'POST',
    '/api/tips',
    { user_id: creatorId, amount: 1, message: 'through the faults' },
    { 'idempotency-key': key },
  );
  if (answer.status === 200) log.acknowledged.push(key);
  else if (answer.status === 503) log.refused.push({ key, creatorId });
  else log.unknown.push(key);
}

async function viewerAction(
  user: CrowdUser,
  partner: CrowdUser,
  creatorIds: number[],
  tips: TipLog,
): Promise<void> {
  const roll = Math.random();
  if (roll < 0.25) {
    await user.call(
      'GET /api/home/stories/discover',
      'GET',
      '/api/home/stories/discover?page=1&limit=20',
    );
  } else if (roll < 0.5) {
    const group = await user.call(
      'GET /api/users/{id}/stories',
      'GET',
      `/api/users/${pick(creatorIds)}/stories`,
    );
    if (group.status !== 200) return;
    const stories = (group.body as { stories: { overlay_image_src: string | null }[] }).stories;
    const open = stories.find((s) => s.overlay_image_src);
    // Media come from the S3 store: these answer 503 while it is gone.
    if (open) await user.call('GET /media/{story image}', 'GET', open.overlay_image_src!);
  } else if (roll < 0.85 || tipsOf(tips) >= MAX_TIPS) {
    await user.sendMessage(partner);
  } else {
    await tip(user, pick(creatorIds), tips);
  }
}

const tipsOf = (log: TipLog) => log.acknowledged.length + log.refused.length + log.unknown.length;

/** Sets the crowd up (creators with stories, viewers topped up, paired, sockets open) and starts it. */
export async function startFaultCrowd(options: FaultCrowdOptions): Promise<FaultCrowd> {
  const log = options.log ?? (() => undefined);
  const recorder = new CrowdRecorder();
  log(`setup: ${options.creators} creators with stories`);
  const { users: creators } = await seedCreators(
    options.url,
    options.databaseUrl,
    recorder,
    options.creators,
  );
  log(`setup: ${options.users} viewers sign up, top up and open their chats`);
  const viewers = Array.from({ length: options.users }, () => new CrowdUser(options.url, recorder));
  await inBatches(viewers, 8, (user, index) => user.signUp(`Fault crowd ${index + 1}`));
  await markUsers(
    options.databaseUrl,
    viewers.map((u) => u.id),
    [],
  );
  await inBatches(viewers, 8, (user) => user.topUp(TOP_UP));
  const partnerOf = (index: number) =>
    viewers[index % 2 === 0 ? index + 1 : index - 1] ?? viewers[0]!;
  await inBatches(viewers, 8, async (user, index) => {
    await user.openChatWith(partnerOf(index));
    await user.connect();
  });

  const tips = new Map(viewers.map((u) => [u, { acknowledged: [], refused: [], unknown: [] }]));
  const uploads = new Map<CrowdUser, number[]>(creators.map((c) => [c, []]));
  const creatorIds = creators.map((c) => c.id);
  const images = await Promise.all(creators.map((_, i) => storyImage(100 + i)));
  const [thinkMin, thinkMax] = options.thinkMs;
  const think = () => sleep(thinkMin + Math.random() * (thinkMax - thinkMin));
  let running = true;
  recorder.measuring = true;
  const loops = [
    ...viewers.map(async (user, index) => {
      while (running) {
        await viewerAction(user, partnerOf(index), creatorIds, tips.get(user)!);
        await think();
      }
    }),
    // A creator posts a story about every fourth pause: uploads and jobs all through the run.
    ...creators.map(async (creator, index) => {
      while (running) {
        const id = await uploadStory(creator, images[index]!);
        if (id !== undefined) uploads.get(creator)!.push(id);
        for (let i = 0; i < 4 && running; i++) await think();
      }
    }),
  ];
  log('run: the crowd is on');
  return {
    url: options.url,
    recorder,
    viewers,
    creators,
    tips,
    uploads,
    async stop() {
      running = false;
      await Promise.all(loops);
      recorder.measuring = false;
    },
  };
}
