// `npm test`: every suite. The build first, then the unit, component and API suites (vitest) and
// the browser suites (journeys, then screenshots) side by side. Either kind alone leaves about a
// fifth of a 2-core machine idle (timers, sockets, ffmpeg, a page waiting on the server), which
// the other fills. Vitest's output streams as it comes; the browser suites' lines carry an
// `e2e |` prefix. Each lane's time is printed when it ends; a failure in either fails the run
// once both have finished. `npm run test:unit` and `npm run test:e2e` run one kind alone.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Runs `command`, passing its output through `write`; resolves with its exit code. */
function run(label, command, write) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, env: process.env });
    child.stdout.on('data', write);
    child.stderr.on('data', write);
    child.on('close', (code, signal) => {
      write.flush?.();
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const failed = code !== 0;
      process.stdout.write(`test: ${label} ${failed ? 'FAILED' : 'ok'} in ${seconds}s\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Writes whole lines only, each with `prefix`, so two lanes' output never splits a line. */
function prefixed(prefix) {
  let pending = '';
  const write = (chunk) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    if (lines.length > 0) process.stdout.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  };
  write.flush = () => {
    if (pending) process.stdout.write(`${prefix}${pending}\n`);
    pending = '';
  };
  return write;
}

const passThrough = (chunk) => process.stdout.write(chunk);

const built = await run('build', 'npm run build', passThrough);
if (built !== 0) process.exit(built);

const codes = await Promise.all([
  run('unit, component and API suites', 'vitest run', passThrough),
  run('browser suites', 'npm test -w e2e', prefixed('e2e | ')),
]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
