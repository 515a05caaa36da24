import type { AppContext } from '../../platform/context.ts';
import { writeProgress } from './exports.repository.ts';

/**
 * Writes an attempt's progress (0-100) as it moves: one write per whole percent at most, one
 * write in flight at a time (later values overtake the ones still waiting). A failed write is
 * logged and skipped: the bar lags, the export goes on.
 */
export class ProgressWriter {
  private target = 0;
  private written = 0;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    private readonly exportId: string,
    private readonly blobKey: string,
  ) {}

  set(progress: number): void {
    const value = Math.max(0, Math.min(100, Math.floor(progress)));
    if (value <= this.target) return;
    this.target = value;
    this.running ??= this.drain();
  }

  /** Resolves once the latest value is written. */
  async flush(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.written < this.target) {
        const value = this.target;
        await writeProgress(this.ctx.db, this.exportId, this.blobKey, value);
        this.written = value;
      }
    } catch (error) {
      this.ctx.log.warn({ err: error, exportId: this.exportId }, 'export progress not written');
    } finally {
      this.running = undefined;
    }
  }
}
