import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { GlimpseProcess } from '../api/glimpse-process.ts';
import { connectSocket } from './glimpse-chat.ts';

// The messaging bench's processes: its baseline scripts in processes of their own, and the
// sockets part (how much memory a connected socket costs a node).

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A script of this folder in its own process (`--import tsx`), once it prints a line. */
export async function startScript(script: string, args: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--v8-pool-size=2', '--import', 'tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return child;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

/** Opens `count` sockets with one session on a node and reports the node's memory per socket. */
export async function socketsPerNode(
  node: GlimpseProcess,
  cookie: string,
  count: number,
): Promise<void> {
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
  await pause(2_000);
  const after = node.rssMb();
  console.log(
    `sockets on one node: ${sockets.length} connected, ${refused} refused; server RSS ` +
      `${before.toFixed(0)} -> ${after.toFixed(0)} MB, ` +
      `${(((after - before) * 1024) / Math.max(1, sockets.length)).toFixed(1)} KB per socket`,
  );
  for (const socket of sockets) socket.close();
  await pause(1_000);
}

/**
 * Waits (at most 30 s) until no background job is due or running: the warm-up's messages had
 * no receiver online, so each queued a push notice, and their jobs must not run in the
 * measured window.
 */
export async function jobsSettled(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ due: number }>(
        `select count(*)::int as due from pgboss.job
          where state in ('created', 'retry', 'active') and start_after <= now()`,
      );
      if (rows[0]!.due === 0) return;
      await pause(200);
    }
  } finally {
    await client.end();
  }
}
