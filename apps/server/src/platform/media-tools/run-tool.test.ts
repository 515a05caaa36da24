import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childrenNamed, isProcessRunning, killIfRunning, waitUntil } from '../../test/processes.ts';
import { parentDeathSignalAvailable, runTool, ToolError } from './run-tool.ts';

describe('runTool', () => {
  it('resolves with stdout and rejects with the stderr tail', async () => {
    expect(await runTool('sh', ['-c', 'echo out'], 5_000)).toBe('out\n');
    const failure = await runTool('sh', ['-c', 'echo broken >&2; exit 3'], 5_000).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ToolError);
    expect((failure as ToolError).stderr).toContain('broken');
  });

  it('kills a tool that runs past its timeout', async () => {
    const started = Date.now();
    await expect(runTool('sleep', ['30'], 300)).rejects.toThrow(/killed by SIGKILL/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it.runIf(parentDeathSignalAvailable())(
    'takes the tool down when its parent process is SIGKILLed',
    async () => {
      const runToolModule = fileURLToPath(new URL('./run-tool.ts', import.meta.url));
      const script = `const { runTool } = await import(${JSON.stringify(runToolModule)});
      runTool('sleep', ['60'], 120000).catch(() => {}); setInterval(() => {}, 1000);`;
      const parent = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        { stdio: 'ignore' },
      );
      let sleeper: number | undefined;
      try {
        await waitUntil(
          () => (sleeper = childrenNamed(parent.pid!, 'sleep')[0]) !== undefined,
          15_000,
        );
        expect(sleeper).toBeDefined();
        const exited = new Promise((resolve) => parent.once('exit', resolve));
        process.kill(parent.pid!, 'SIGKILL');
        await exited;
        expect(await waitUntil(() => !isProcessRunning(sleeper!), 5_000)).toBe(true);
      } finally {
        killIfRunning(parent.pid);
        killIfRunning(sleeper);
      }
    },
  );
});
