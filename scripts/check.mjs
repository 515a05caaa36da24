// `npm run check`: engines, feature order, types, lint and format. The type check and the lint
// each keep a core busy for half a minute or more, so they run side by side in two lanes (CI has two
// cores); each step's output is printed whole when it ends, with its time, and any failure fails
// the check after both lanes have finished.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Runs one command; resolves with its exit code once its buffered output has been printed. */
function step(label, command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: ROOT, shell: true, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      const failed = code !== 0;
      process.stdout.write(`check: ${label} ${failed ? 'FAILED' : 'ok'} in ${seconds}s\n`);
      if (failed && text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Steps one after another; stops at the first failure, as `a && b` would. */
async function lane(steps) {
  for (const [label, command] of steps) {
    const code = await step(label, command);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all([
  lane([
    ['engines', 'node --test scripts/engines-check.test.mjs && node scripts/engines-check.mjs'],
    ['feature order', 'node --test scripts/feature-order.test.mjs'],
    // Every package, the e2e suites and bench (bench reads the server through its declarations),
    // by TypeScript 7 (the native compiler: 30 s here against 68 s for 5.9, which stays installed
    // as `typescript` for typescript-eslint, whose parser needs 5.x's JavaScript API).
    ['types', 'npm run -s typecheck'],
  ]),
  lane([
    ['lint', 'eslint . --max-warnings 0'],
    ['format', 'prettier --check .'],
  ]),
]);
process.exitCode = codes.find((code) => code !== 0) ?? 0;
