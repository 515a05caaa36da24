import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicTask } from './periodic-task.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('PeriodicTask', () => {
  it('runs once per tick, skips ticks while a run is going, and logs a failed run', async () => {
    vi.useFakeTimers();
    const log = { error: vi.fn() };
    let release!: () => void;
    let runs = 0;
    const task = new PeriodicTask(log, 'test sweep', 1_000, () => {
      runs += 1;
      if (runs === 2) return Promise.reject(new Error('boom'));
      return new Promise<void>((resolve) => (release = resolve));
    });
    task.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    // Still running: the next ticks start nothing.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test sweep failed');
    // A failure does not stop the next tick.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(3);
    const stopped = task.stop();
    let done = false;
    void stopped.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(5_000);
    // stop() waits for the run in flight, and no tick starts another.
    expect(done).toBe(false);
    expect(runs).toBe(3);
    release();
    await stopped;
    expect(done).toBe(true);
  });
});
