import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBlobKey } from '../platform/storage/blob-store.ts';
import { startPeerNode, startTestServer, type TestServer } from './harness.ts';
import { startS3TestServer, testS3Settings, type S3TestServer } from './s3-test-server.ts';

let s3: S3TestServer;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  s3 = await startS3TestServer();
  nodeA = await startTestServer({ s3: testS3Settings(s3.endpoint) });
  nodeB = await startPeerNode(nodeA);
});

afterAll(async () => {
  await nodeB?.stop();
  await nodeA?.stop();
  await s3?.close();
});

describe('a peer node', () => {
  it('shares the database, the bucket and nothing on disk', async () => {
    expect(nodeB.config.dataDir).not.toBe(nodeA.config.dataDir);
    const [row] = (await nodeA.ctx.database.executeSql<{ n: number }>('select 41 + 1 as n')).rows;
    expect(row?.n).toBe(42);
    await nodeA.ctx.database.executeSql('create table peer_probe (v int)');
    await nodeA.ctx.database.executeSql('insert into peer_probe values (7)');
    const seen = await nodeB.ctx.database.executeSql<{ v: number }>('select v from peer_probe');
    expect(seen.rows).toEqual([{ v: 7 }]);
    await nodeB.ctx.database.executeSql('drop table peer_probe');
    const key = newBlobKey();
    await nodeA.ctx.blobs.put(key, Buffer.from('written on A'));
    expect(await nodeB.ctx.blobs.stat(key)).toEqual({ bytes: 12 });
  });

  it('stops without closing the database its first node still uses', async () => {
    const extra = await startPeerNode(nodeA);
    await extra.stop();
    const answer = await nodeA.ctx.database.executeSql<{ one: number }>('select 1 as one');
    expect(answer.rows).toEqual([{ one: 1 }]);
  });
});
