import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reports } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory } from '../../test/access-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const reportsOf = (storyId: number) =>
  server.ctx.db.select().from(reports).where(eq(reports.targetId, storyId));

describe('POST /api/stories/{id}/report', () => {
  it('answers a story the reporter cannot see like a read (404) and queues nothing', async () => {
    const owner = await signedUpUser(server);
    const reporter = await signedUpUser(server);
    const hidden = [
      await seedStory(server, owner.user.id, { status: 'processing' }),
      await seedStory(server, owner.user.id, { status: 'failed' }),
    ];
    const deleted = await seedStory(server, owner.user.id);
    expect((await owner.client.delete(`/api/stories/${deleted.id}`)).statusCode).toBe(204);
    for (const story of [...hidden, deleted]) {
      const url = `/api/stories/${story.id}`;
      const read = await reporter.client.get(url);
      const report = await reporter.client.post(`${url}/report`, { accusation: 'Spam' });
      expect(report.statusCode).toBe(404);
      expect(report.json()).toEqual(read.json());
      expect(await reportsOf(story.id)).toEqual([]);
    }
  });

  it('queues one row per reporter and story; a repeat answers 200 and adds nothing', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id, { priceCents: 300 });
    const reporters = [await signedUpUser(server), await signedUpUser(server)];
    for (const reporter of [...reporters, ...reporters]) {
      const response = await reporter.client.post(`/api/stories/${story.id}/report`, {
        accusation: 'Spam',
      });
      expect(response.statusCode).toBe(200);
    }
    const rows = await reportsOf(story.id);
    expect(rows.map((r) => r.reporterId).sort()).toEqual(reporters.map((r) => r.user.id).sort());
  });
});
