import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationQueue } from '@glimpse/contract';
import { reports } from '../../db/schema/index.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory, type SeededStory } from '../../test/access-fixtures.ts';
import { staffMember } from './test/moderation-fixtures.ts';

let server: TestServer;
let moderator: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await staffMember(server, 'moderator');
});
afterAll(async () => {
  await server?.stop();
});

const queue = async (query = '') => {
  const response = await moderator.client.get(`/api/moderation/queue${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ModerationQueue>();
};

/** Every page of the queue, following next_cursor. */
async function wholeQueue(query: string, limit: number) {
  const items = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await queue(
      `?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.next_cursor;
    pages += 1;
  } while (cursor && pages < 100);
  return { items, pages };
}

describe('non-staff', () => {
  it('gets 403 on every /api/moderation route, 401 signed out', async () => {
    const user = await signedUpUser(server);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/moderation/queue'],
      [
        'POST',
        '/api/moderation/actions',
        { kind: 'user', target_id: user.user.id, action: 'warn', note: 'x' },
      ],
      ['GET', '/api/moderation/audit'],
      ['GET', '/api/moderation/users?q=a'],
      ['GET', `/api/moderation/users/${user.user.id}`],
      ['GET', '/api/moderation/streams'],
    ];
    for (const [method, url, payload] of routes) {
      const asUser = await user.client.request({
        method: method as 'GET',
        url,
        payload: payload as object,
      });
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expect(asUser.json()).toEqual({ err_key: 'forbidden' });
      const anonymous = await client(server).request({
        method: method as 'GET',
        url,
        payload: payload as object,
      });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('staff', () => {
  it('moderators and admins open every console route', async () => {
    const admin = await staffMember(server, 'admin');
    const someone = await signedUpUser(server);
    for (const staff of [moderator, admin]) {
      for (const url of [
        '/api/moderation/queue',
        '/api/moderation/audit',
        '/api/moderation/users?q=a',
        `/api/moderation/users/${someone.user.id}`,
        '/api/moderation/streams',
      ])
        expect((await staff.client.get(url)).statusCode, url).toBe(200);
      const warned = await staff.client.post('/api/moderation/actions', {
        kind: 'user',
        target_id: someone.user.id,
        action: 'warn',
        note: 'Matrix',
      });
      expect(warned.statusCode, warned.body).toBe(200);
    }
  });

  it('a suspended moderator is refused like anyone', async () => {
    const suspended = await staffMember(server, 'moderator');
    const { users } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await server.ctx.db
      .update(users)
      .set({ suspendedAt: new Date() })
      .where(eq(users.id, suspended.user.id));
    expect([401, 403]).toContain((await suspended.client.get('/api/moderation/queue')).statusCode);
  });
});

describe('GET /api/moderation/queue', () => {
  it('merges the reports of one item with counts, reasons, reporters and words', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id, { priceCents: 500 });
    const reporters = await Promise.all(Array.from({ length: 12 }, () => signedUpUser(server)));
    for (const [index, reporter] of reporters.entries()) {
      const body =
        index < 3
          ? { reason: 'other', text: `words ${index}` }
          : { reason: index % 2 === 0 ? 'spam' : 'scam' };
      const response = await reporter.client.post('/api/reports', {
        target_type: 'story',
        target_id: story.id,
        ...body,
      });
      expect(response.statusCode).toBe(201);
    }
    const item = (await wholeQueue('&kind=story', 50)).items.find(
      (entry) => entry.target_id === story.id,
    )!;
    expect(item.report_count).toBe(12);
    expect(item.owner.id).toBe(owner.user.id);
    expect(item.reasons).toEqual([
      { reason: 'scam', count: 5 },
      { reason: 'spam', count: 4 },
      { reason: 'other', count: 3 },
    ]);
    expect(item.reporters.map((r) => r.id)).toEqual(reporters.slice(0, 10).map((r) => r.user.id));
    expect(item.details).toEqual(['words 0', 'words 1', 'words 2']);
    expect(item.urgent).toBe(false);
    expect(item.overdue).toBe(false);
    // Locked for buyers, but the moderator's signed URL opens it.
    expect(item.item).toMatchObject({ kind: 'story', id: story.id, price: 5, status: 'ready' });
    const imageUrl = (item.item as { image_url: string }).image_url;
    expect((await moderator.client.get(imageUrl)).statusCode).toBe(200);
    expect((await reporters[0]!.client.get(imageUrl)).statusCode).toBe(403);
  });

  it('puts urgent items first, then the longest waiting, and pages 60+ items exactly', async () => {
    const owner = await signedUpUser(server);
    const reporter = await signedUpUser(server);
    const stories: SeededStory[] = [];
    for (let i = 0; i < 65; i += 1) stories.push(await seedStory(server, owner.user.id));
    // Reports straight into the table with spread ages (the API would stamp them all now).
    const urgentIds = new Set([stories[40]!.id, stories[7]!.id]);
    await server.ctx.db.insert(reports).values(
      stories.map((story, index) => ({
        kind: 'story' as const,
        targetId: story.id,
        targetUserId: owner.user.id,
        reporterId: reporter.user.id,
        reason: urgentIds.has(story.id) ? 'child_safety' : 'spam',
        createdAt: new Date(Date.now() - (100 - index) * 3_600_000),
      })),
    );
    const { items, pages } = await wholeQueue('&kind=story', 7);
    const ours = items.filter((item) => item.owner.id === owner.user.id);
    expect(pages).toBeGreaterThan(9);
    expect(new Set(items.map((item) => `${item.kind}:${item.target_id}`)).size).toBe(items.length);
    expect(ours.map((item) => item.target_id)).toEqual([
      stories[7]!.id,
      stories[40]!.id,
      ...stories.filter((story) => !urgentIds.has(story.id)).map((story) => story.id),
    ]);
    // Urgent items come before every other item of the queue, not just ours.
    const firstOrdinary = items.findIndex((item) => !item.urgent);
    expect(items.slice(firstOrdinary).some((item) => item.urgent)).toBe(false);
    // 100 hours old: past the 72-hour target; 20 hours: not.
    expect(ours.find((item) => item.target_id === stories[0]!.id)!.overdue).toBe(true);
    expect(ours.find((item) => item.target_id === stories[64]!.id)!.overdue).toBe(false);

    const urgentOnly = await wholeQueue('&reason=child_safety', 50);
    expect(urgentOnly.items.map((item) => item.target_id)).toEqual([
      stories[7]!.id,
      stories[40]!.id,
    ]);
    const open = await queue();
    expect(open.open_items).toBeGreaterThanOrEqual(66);
  });

  it('refuses a forged cursor with cursor_invalid, not a 500', async () => {
    for (const cursor of [
      'nonsense',
      Buffer.from('[1,"2026-02-30 10:00:00+00","story",1]').toString('base64url'),
      Buffer.from('[0,"2026-01-01 10:00:00+00","planet",1]').toString('base64url'),
    ]) {
      const response = await moderator.client.get(`/api/moderation/queue?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ err_key: 'cursor_invalid' });
    }
  });
});

describe('the spec story report', () => {
  it('lands in the same queue as reason other with the accusation as words', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const reporter = await signedUpUser(server);
    const response = await reporter.client.post(`/api/stories/${story.id}/report`, {
      accusation: 'Stolen picture',
    });
    expect(response.json()).toEqual({ success: true, message: 'report_received' });
    const item = (await wholeQueue('&kind=story&reason=other', 50)).items.find(
      (entry) => entry.target_id === story.id,
    );
    expect(item).toMatchObject({ report_count: 1, details: ['Stolen picture'] });
  });
});
