import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage, ModerationUserDetail } from '@glimpse/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedLiveStream, staffMember, storyReportedBy } from './test/moderation-fixtures.ts';

// The console's look-ups (issue 29): the audit log, accounts with their history, live streams,
// and the standing an account sees of itself.
let server: TestServer;
let moderator: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await staffMember(server, 'moderator');
});
afterAll(async () => {
  await server?.stop();
});

const act = (body: Record<string, unknown>) =>
  moderator.client.post('/api/moderation/actions', body);
const reportedStory = (count: number) => storyReportedBy(server, count, 'spam');

describe('the audit log and the user lookup', () => {
  it('searches the log by words, actor and subject, newest first, paged', async () => {
    const { owner, story } = await reportedStory(1);
    await act({ kind: 'story', target_id: story.id, action: 'warn', note: 'Zebra crossing rule' });
    for (let i = 0; i < 5; i += 1)
      await act({ kind: 'user', target_id: owner.user.id, action: 'warn', note: `Warning ${i}` });
    const page = async (query: string) => {
      const response = await moderator.client.get(`/api/moderation/audit${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<AuditLogPage>();
    };
    const byWord = await page('?q=zebra');
    expect(byWord.entries.map((entry) => entry.note)).toEqual(['Zebra crossing rule']);
    expect(byWord.entries[0]!.actor!.id).toBe(moderator.user.id);
    expect(byWord.entries[0]!.subject!.id).toBe(owner.user.id);
    const byName = await page(
      `?q=${encodeURIComponent(owner.user.name)}&subject_id=${owner.user.id}`,
    );
    expect(byName.entries).toHaveLength(6);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditLogPage = await page(
        `?subject_id=${owner.user.id}&limit=4${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...next.entries.map((entry) => entry.id));
      cursor = next.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect((await page(`?actor_id=${owner.user.id}`)).entries).toEqual([]);
    const forged = await moderator.client.get('/api/moderation/audit?cursor=bm9wZQ');
    expect(forged.json()).toEqual({ err_key: 'cursor_invalid' });
  });

  it('finds accounts and shows their history', async () => {
    const { owner, story, reporters } = await reportedStory(2);
    await act({ kind: 'story', target_id: story.id, action: 'warn', note: 'Lookup warning' });
    const search = await moderator.client.get(
      `/api/moderation/users?q=${encodeURIComponent(owner.body.email)}`,
    );
    expect(search.statusCode).toBe(200);
    expect(search.json<{ users: { id: number }[] }>().users[0]!.id).toBe(owner.user.id);
    const byId = await moderator.client.get(`/api/moderation/users?q=${owner.user.id}`);
    expect(byId.json<{ users: { id: number }[] }>().users[0]!.id).toBe(owner.user.id);

    const response = await moderator.client.get(`/api/moderation/users/${owner.user.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<ModerationUserDetail>();
    expect(detail.user).toMatchObject({ id: owner.user.id, email: owner.body.email, role: 'user' });
    expect(detail.reports.map((r) => [r.reporter?.id, r.status])).toEqual(
      [...reporters].reverse().map((r) => [r.user.id, 'actioned']),
    );
    expect(detail.actions.map((a) => a.note)).toEqual(['Lookup warning']);
    expect(detail.purchases).toEqual([]);
    expect(detail.payouts).toEqual([]);
    const reporterDetail = (
      await moderator.client.get(`/api/moderation/users/${reporters[0]!.user.id}`)
    ).json<ModerationUserDetail>();
    expect(reporterDetail.reports_made).toBe(1);
    expect((await moderator.client.get('/api/moderation/users/999999999')).statusCode).toBe(404);
  });

  it('lists streams in progress with their open reports', async () => {
    const creator = await signedUpUser(server);
    const streamId = await seedLiveStream(server, creator.user.id);
    const reporter = await signedUpUser(server);
    await reporter.client.post('/api/reports', {
      target_type: 'stream',
      target_id: streamId,
      reason: 'spam',
    });
    const response = await moderator.client.get('/api/moderation/streams');
    expect(response.statusCode).toBe(200);
    const listed = response
      .json<{ streams: { id: number; open_reports: number; creator: { id: number } }[] }>()
      .streams.find((stream) => stream.id === streamId);
    expect(listed).toMatchObject({ open_reports: 1, creator: { id: creator.user.id } });
  });

  it('answers a clean standing for an account nobody acted on', async () => {
    const person = await signedUpUser(server);
    const response = await person.client.get('/api/account/standing');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      suspended: false,
      suspended_until: null,
      suspension_note: null,
      payouts_held: false,
      warnings: [],
      removed: [],
    });
  });
});
