import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { recipientsOf, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { buildDataExport } from './export-build.job.ts';
import { EXPORT_STUCK_AFTER_MS, sweepExports } from './export-sweeper.ts';
import { ControlledBlobStore, exportsOf } from './test/export-fixtures.ts';

// The build job run by hand on export rows written straight into the table (no job queued), so
// each attempt, retry and race happens exactly when the test says.

let server: TestServer;
let sink: SmtpSink;
let blobs: ControlledBlobStore;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url });
  blobs = new ControlledBlobStore(server.ctx.blobs);
  server.ctx.blobs = blobs;
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function pendingExport(userId: number, createdAt?: Date): Promise<string> {
  const [row] = await server.ctx.db
    .insert(dataExports)
    .values({ userId, ...(createdAt ? { createdAt } : {}) })
    .returning({ id: dataExports.id });
  return row!.id;
}

const rowOf = async (id: string) =>
  (await server.ctx.db.select().from(dataExports).where(eq(dataExports.id, id)))[0]!;

const readyMailsTo = (email: string) =>
  sink
    .mails()
    .filter((m) => recipientsOf(m).includes(email) && m.subject?.includes('data is ready'));

const build = (exportId: string, final: boolean) =>
  buildDataExport(server.ctx, { exportId }, { final });

describe('the export build job', () => {
  it('retries a failed attempt from the start; only the last one fails the export, leaving no archive', async () => {
    const { user, client } = await signedUpUser(server);
    const id = await pendingExport(user.id);

    blobs.failPuts = 1;
    await expect(build(id, false)).rejects.toThrow('the store refused the write');
    const afterFirst = await rowOf(id);
    expect(afterFirst.status).toBe('building');
    expect(await server.ctx.blobs.stat(afterFirst.blobKey!)).toBeUndefined();

    blobs.failPuts = 1;
    await build(id, true);
    expect(await rowOf(id)).toMatchObject({ status: 'failed', blobKey: null });
    expect((await exportsOf(client)).find((e) => e.id === id)).toMatchObject({
      status: 'failed',
      download_url: null,
    });
    // A failed export does not block a new one.
    expect((await client.post('/api/users/me/exports')).statusCode).toBe(201);
    await server.ctx.jobs.drain(60_000);
    expect(readyMailsTo(user.email)).toHaveLength(1);
  });

  it('does nothing when run again after success: same archive, one mail', async () => {
    const { user } = await signedUpUser(server);
    const id = await pendingExport(user.id);
    await build(id, false);
    const ready = await rowOf(id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    expect(await server.ctx.blobs.stat(ready.blobKey!)).toEqual({ bytes: ready.sizeBytes });

    await build(id, false);
    expect(await rowOf(id)).toEqual(ready);
    await server.ctx.jobs.drain(60_000);
    expect(readyMailsTo(user.email)).toHaveLength(1);
  });

  it('lets an attempt that lost the export to a newer one discard its archive', async () => {
    const { user } = await signedUpUser(server);
    const id = await pendingExport(user.id);
    blobs.hold();
    const stale = build(id, false);
    // The first attempt is writing its archive (held) ...
    let first = await rowOf(id);
    while (first.status !== 'building' || first.progress < 10) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      first = await rowOf(id);
    }
    // ... when a second one (a redelivered job) takes over and finishes.
    blobs.holding = false;
    await build(id, false);
    const ready = await rowOf(id);
    expect(ready.status).toBe('ready');
    expect(ready.blobKey).not.toBe(first.blobKey);
    blobs.release();
    await stale;

    expect(await rowOf(id)).toEqual(ready);
    expect(await server.ctx.blobs.stat(first.blobKey!)).toBeUndefined();
    expect(await server.ctx.blobs.stat(ready.blobKey!)).toBeDefined();
    await server.ctx.jobs.drain(60_000);
    expect(readyMailsTo(user.email)).toHaveLength(1);
  });

  it('fails an export whose job was lost, so its owner may ask again', async () => {
    const { user, client } = await signedUpUser(server);
    const lost = await pendingExport(
      user.id,
      new Date(Date.now() - EXPORT_STUCK_AFTER_MS - 60_000),
    );
    const { user: fresh } = await signedUpUser(server);
    const recent = await pendingExport(fresh.id);

    const blocked = await client.post('/api/users/me/exports');
    expect([blocked.statusCode, blocked.json().err_key]).toEqual([409, 'export_in_progress']);
    expect((await sweepExports(server.ctx)).stuck).toBeGreaterThanOrEqual(1);
    expect((await rowOf(lost)).status).toBe('failed');
    expect((await rowOf(recent)).status).toBe('pending');
    expect((await client.post('/api/users/me/exports')).statusCode).toBe(201);
    await server.ctx.jobs.drain(60_000);
  });
});
