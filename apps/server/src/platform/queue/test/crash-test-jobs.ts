import type { QueueOptions } from 'pg-boss';

/** Tests only: the job map of the crash-recovery test and its fixture process. */
export interface CrashTestJobs {
  'test.interrupted': { label: string };
}

/** Immediate retries and the shortest heartbeat pg-boss allows, so recovery fits in a test. */
export const crashTestQueueOptions = (kind: 'pglite' | 'postgres'): QueueOptions => ({
  retryDelay: 0,
  retryBackoff: false,
  ...(kind === 'postgres' ? { heartbeatSeconds: 10 } : {}),
});
