// `npm run bench:crowd -w bench -- --faults [--outage=30] [--users=20]`: the fault suite's run
// (apps/server/src/test/faults/cluster-faults.test.ts) with full-length outages: the local
// cluster on a PostgreSQL and a Redis of its own (never the machine's), a crowd through nginx,
// then PostgreSQL restarted, Redis gone, S3 gone and api-2 SIGKILLed, one after the other.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster } from '../../scripts/cluster/cluster.mjs';
import { checkAcknowledged } from '../../apps/server/src/test/cluster/crowd-acknowledged.ts';
import { startFaultCrowd } from '../../apps/server/src/test/cluster/crowd-faults.ts';
import {
  FAULTS,
  injectFault,
  judgeAnswers,
  type FaultReport,
} from '../../apps/server/src/test/cluster/cluster-faults.ts';
import {
  PrivatePostgres,
  PrivateRedis,
} from '../../apps/server/src/test/faults/private-services.ts';

export async function runFaults(outageSeconds: number, users: number): Promise<void> {
  const log = (line: string) => console.log(`  ${line}`);
  const [postgres, redis] = await Promise.all([PrivatePostgres.create(), PrivateRedis.create()]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-crowd-faults-'));
  const databaseUrl = new URL(postgres.url);
  databaseUrl.pathname = '/glimpse_faults';
  const cluster = await startCluster({
    dataDir,
    databaseUrl: databaseUrl.toString(),
    redisUrl: redis.url,
    redisKeyPrefix: 'glimpse-faults',
    httpPort: 0,
    rtmpPort: 0,
    demo: false,
    env: { SIGNUPS_PER_HOUR: '100000', LOGIN_FAILURES_PER_WINDOW: '100000' },
    nginx: { workerProcesses: 1 },
    log,
  });
  const crowd = await startFaultCrowd({
    url: cluster.url,
    databaseUrl: cluster.databaseUrl,
    users,
    creators: Math.max(2, Math.ceil(users / 10)),
    thinkMs: [500, 1_500],
    log,
  });
  const reports: FaultReport[] = [];
  try {
    for (const fault of FAULTS)
      reports.push(
        await injectFault(fault, { cluster, postgres, redis, crowd }, outageSeconds * 1000, log),
      );
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await crowd.stop();
    const verdict = judgeAnswers(crowd.recorder.records, reports);
    const acknowledged = await checkAcknowledged(crowd, cluster.databaseUrl, 180_000);

    console.log(`\nfaults under ${users} users, ${outageSeconds} s outages:`);
    console.log('fault     health down after   probe while down     healthy again after back');
    for (const r of reports)
      console.log(
        r.fault.padEnd(9),
        (r.healthDownAfterMs === undefined ? '-' : `${r.healthDownAfterMs} ms`).padEnd(19),
        r.probe.padEnd(20),
        r.recoveredAfterMs === undefined ? 'never' : `${r.recoveredAfterMs} ms`,
        r.dead.length ? ` dead: ${r.dead.join(', ')}` : '',
      );
    const longest = Math.max(...crowd.recorder.records.map((r) => r.endedAt - r.startedAt));
    console.log(
      `answers: ${verdict.requests} requests, ${verdict.succeeded} succeeded, ` +
        `${verdict.refused} refused 503 + Retry-After, ${verdict.inFlightOnKilled} in flight on ` +
        `the killed node, ${verdict.unexplained.length} unexplained, ${verdict.slow.length} over ` +
        `the 15 s bound (longest ${longest} ms); ${verdict.resent} sent again after nginx ` +
        `closed a kept-alive connection`,
    );
    // Times in seconds from the first fault, so each odd answer can be put in its fault's window.
    const t0 = reports[0]!.startedAt;
    const at = (ms: number) => ((ms - t0) / 1000).toFixed(1);
    console.log(
      `windows (s): ${reports.map((r) => `${r.fault} ${at(r.startedAt)}-${at(r.endedAt)}`).join(', ')}`,
    );
    for (const [label, list] of [
      ['unexplained', verdict.unexplained],
      ['over the bound', verdict.slow],
    ] as const)
      for (const r of list.slice(0, 10))
        console.log(
          `${label}: ${r.route} at ${at(r.startedAt)} s, ${r.endedAt - r.startedAt} ms, ` +
            `status ${r.status}${r.error ? ` (${r.error})` : ''} ${r.upstream}`,
        );
    const { messages, tips, ledger, uploads } = acknowledged;
    console.log(
      `messages: ${messages.acknowledged} acknowledged, ${messages.missing.length} missing; ` +
        `tips: ${tips.acknowledged} acknowledged (${tips.retried} refused and retried, ` +
        `${tips.retryFailures.length} retries failed), ${tips.missing.length} missing, ` +
        `${tips.doubled.length} doubled, ${tips.phantom.length} phantom; ledger: ` +
        `${ledger.negativeWallets.length} negative wallets, ${ledger.unbalancedAccounts.length} ` +
        `unbalanced accounts, ${ledger.unbalancedTransfers.length} unbalanced transfers, ` +
        `${ledger.walletMismatches.length} wallet mismatches; uploads: ${uploads.acknowledged} ` +
        `acknowledged, ${uploads.missing.length} missing, ${uploads.unprocessed.length} not ` +
        `processed ${JSON.stringify(uploads.unprocessed.slice(0, 3))}, ${uploads.unserved.length} not served`,
    );
    console.log(
      `sockets: ${crowd.viewers.filter((u) => u.socket?.connected).length}/${crowd.viewers.length} connected at the end`,
    );
  } finally {
    crowd.viewers.forEach((user) => user.close());
    await crowd.stop();
    await cluster.stop();
    await Promise.all([postgres.destroy(), redis.destroy()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
