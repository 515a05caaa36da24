// `npm test -w e2e`: the screenshot suite, then the journeys. The journeys' server starts with
// the screenshot suite rather than after it: its demo seed (encoding every demo picture and
// video, ~36 s of a CI run) runs while the screenshot suite's browsers wait on their server, and
// the journeys begin once it answers. Both suites run, whatever the first one's outcome; the
// exit code fails if either failed.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { journeyServer, journeyWebDir } from './support/journey-server.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/glimpse-e2e-${process.pid}`;
const server = journeyServer(port, dataDir);
const SERVER_START_TIMEOUT_MS = 300_000;

function playwright(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('playwright', ['test', ...args], {
      cwd: here,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Resolves once the server answers; rejects if it exits or does not answer in time. */
async function answering(child: ChildProcess): Promise<void> {
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = `exited (${signal ?? code})`));
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the journeys' server ${exited} before it answered`);
    const ok = await fetch(server.url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the journeys' server did not answer ${server.url} in time`);
}

// Its own process group, so stopping it also stops the shell's `node` child.
const journeysServer = spawn(server.command, {
  cwd: here,
  shell: true,
  detached: true,
  env: { ...process.env, ...server.env },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  try {
    if (journeysServer.pid) process.kill(-journeysServer.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
};
process.once('exit', () => {
  stopServer();
  if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  rmSync(journeyWebDir(dataDir), { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

let failed = false;
try {
  console.log("e2e: the screenshot suite (the journeys' server seeds meanwhile)");
  const visual = await playwright(['-c', 'visual/playwright.visual.config.ts'], {
    E2E_PORT: String(port + 1),
  });
  if (visual !== 0) failed = true;
  console.log('e2e: the journeys');
  await answering(journeysServer);
  const journeys = await playwright([], {
    E2E_PORT: String(port),
    E2E_DATA_DIR: dataDir,
    E2E_SERVER_STARTED: '1',
  });
  if (journeys !== 0) failed = true;
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  const stopped = new Promise((resolve) => journeysServer.once('close', resolve));
  stopServer();
  if (journeysServer.exitCode === null && journeysServer.signalCode === null) await stopped;
}
process.exitCode = failed ? 1 : 0;
