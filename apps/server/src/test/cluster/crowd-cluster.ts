import {
  startCluster,
  type Cluster,
  type ClusterOptions,
} from '../../../../../scripts/cluster/cluster.mjs';

export type { Cluster };

/**
 * The local cluster of `npm run cluster` (scripts/cluster), for a test: the nodes run from the
 * TypeScript sources (no build), all at once, on a database, Redis prefix and data dir of the test's own,
 * without the demo data, the RTMP ingest or a fixed port.
 */
export async function startTestCluster(
  options: Required<
    Pick<ClusterOptions, 'dataDir' | 'databaseUrl' | 'redisUrl' | 'redisKeyPrefix'>
  >,
): Promise<Cluster> {
  return startCluster({
    ...options,
    httpPort: 0,
    rtmpPort: 0,
    demo: false,
    fromSource: true,
    // The test's database is a copy of the run's migrated template: nothing to migrate first.
    startTogether: true,
    // The crowd signs up and in from one address: the per-address limits would turn it away.
    env: { SIGNUPS_PER_HOUR: '100000', LOGIN_FAILURES_PER_WINDOW: '100000' },
    nginx: { workerProcesses: 1 },
    log: () => undefined,
  });
}
