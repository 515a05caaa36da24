import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a worker node repeats on a timer (sweeps, releases, erasures): one run at a time (a tick
 * that finds the last run still going skips), a failure logged and retried at the next tick, and
 * `stop()` waits for the run in flight so a shutdown never cuts one off half-way.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
    /** Named in the log line of a failed run ("story sweep failed"). */
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly run: () => Promise<unknown>,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.run()
        .catch((error: unknown) => this.log.error({ err: error }, `${this.name} failed`))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
