import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrowawayDatabase, usePostgres } from '../test-database.ts';
import { runCrowd, type CrowdResult } from './crowd-run.ts';
import type { Cluster } from './crowd-cluster.ts';
import { startTestCluster } from './crowd-cluster.ts';

/**
 * The crowd's node-kill run (issue 30) on the real local cluster: nginx in front of two API
 * nodes and a worker, each its own process, on PostgreSQL, Redis and s3rver. Two processes cannot
 * share PGlite and the nodes meet only through Redis, so this needs the PostgreSQL pass (CI sets
 * TEST_DATABASE_URL and TEST_REDIS_URL and has nginx); the embedded pass has neither and skips it.
 */
describe.runIf(usePostgres() && process.env.TEST_REDIS_URL)(
  'an API node killed under a crowd',
  () => {
    let cluster: Cluster;
    let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
    let dataDir: string;
    let result: CrowdResult;

    beforeAll(async () => {
      database = await createThrowawayDatabase();
      dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-cluster-'));
      cluster = await startTestCluster({
        dataDir,
        databaseUrl: database.url,
        redisUrl: process.env.TEST_REDIS_URL!,
        redisKeyPrefix: `glimpse-test-${randomBytes(4).toString('hex')}`,
      });
      const victim = cluster.nodes.find((node) => node.name === 'api-2')!;
      result = await runCrowd({
        url: cluster.url,
        databaseUrl: database.url,
        users: 12,
        creators: 3,
        durationMs: 12_000,
        thinkMs: [100, 400],
        kill: {
          afterMs: 5_000,
          pid: victim.pid,
          port: victim.port,
          name: victim.name,
          exited: victim.exited,
        },
      });
    }, 240_000);

    afterAll(async () => {
      await cluster?.stop();
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('fails no request but those in flight on the killed node', () => {
      const { unexplained, ...kill } = result.kill!;
      expect(unexplained, JSON.stringify(kill)).toEqual([]);
      // The crowd kept working through the survivor after the kill.
      expect(result.requests).toBeGreaterThan(100);
    });

    it('reconnects every socket to the other node and loses no acknowledged message', () => {
      expect(result.sockets.reconnects).toBeGreaterThan(0);
      expect(result.sockets.connectedAtEnd).toBe(result.sockets.total);
      expect(result.messages.acknowledged).toBeGreaterThan(0);
      expect(result.messages.missing).toEqual([]);
    });
  },
);
