import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuditLogPage, ModerationQueue } from '@glimpse/contract';
import { reports, users } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory } from '../../test/access-fixtures.ts';
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

describe("the issue's /api/admin paths", () => {
  it('resolve a report by id, list open and resolved items, suspend and unsuspend', async () => {
    const owner = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const reporters = [await signedUpUser(server), await signedUpUser(server)];
    const ids: number[] = [];
    for (const reporter of reporters) {
      const response = await reporter.client.post('/api/reports', {
        target_type: 'story',
        target_id: story.id,
        reason: 'spam',
      });
      ids.push(response.json<{ report_id: number }>().report_id);
    }
    const open = (
      await moderator.client.get('/api/admin/reports?status=open')
    ).json<ModerationQueue>();
    expect(open.items.find((item) => item.target_id === story.id)?.report_count).toBe(2);

    // Resolving one report decides the item: both reports close.
    const resolved = await moderator.client.post(`/api/admin/reports/${ids[1]}/resolve`, {
      action: 'warn',
      note: 'Spammy captions',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ reports_closed: 2 });
    const rows = await server.ctx.db.select().from(reports).where(eq(reports.targetId, story.id));
    expect(rows.map((row) => row.status)).toEqual(['actioned', 'actioned']);
    const stillOpen = (await moderator.client.get('/api/admin/reports')).json<ModerationQueue>();
    expect(stillOpen.items.some((item) => item.target_id === story.id)).toBe(false);
    const done = (
      await moderator.client.get('/api/admin/reports?status=resolved&limit=1')
    ).json<ModerationQueue>();
    expect(done.items[0]).toMatchObject({ kind: 'story', target_id: story.id, report_count: 2 });
    expect(done.items[0]!.overdue).toBe(false);
    expect(
      (
        await moderator.client.post('/api/admin/reports/999999999/resolve', {
          action: 'dismiss',
          note: 'x',
        })
      ).json(),
    ).toEqual({ err_key: 'report_target_not_found' });

    const suspend = await moderator.client.post(`/api/admin/users/${owner.user.id}/suspend`, {
      days: 3,
      note: 'Repeated spam',
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(row!.suspendedUntil!.getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);
    const lift = await moderator.client.post(`/api/admin/users/${owner.user.id}/unsuspend`, {});
    expect(lift.statusCode, lift.body).toBe(200);

    const log = (
      await moderator.client.get(`/api/admin/audit-log?subject_id=${owner.user.id}`)
    ).json<AuditLogPage>();
    expect(log.entries.map((entry) => [entry.action, entry.note])).toEqual([
      ['unsuspend', 'Suspension lifted'],
      ['suspend', 'Repeated spam'],
      ['warn', 'Spammy captions'],
    ]);
  });

  it('pages resolved items newest decision first without repeats', async () => {
    const owner = await signedUpUser(server);
    const reporter = await signedUpUser(server);
    const decided: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const story = await seedStory(server, owner.user.id);
      await reporter.client.post('/api/reports', {
        target_type: 'story',
        target_id: story.id,
        reason: 'spam',
      });
      await moderator.client.post('/api/moderation/actions', {
        kind: 'story',
        target_id: story.id,
        action: 'dismiss',
        note: `fine ${i}`,
      });
      decided.push(story.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ModerationQueue = (
        await moderator.client.get(
          `/api/admin/reports?status=resolved&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json<ModerationQueue>();
      seen.push(...page.items.map((item) => item.target_id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.slice(0, 5)).toEqual([...decided].reverse());
    expect(new Set(seen).size).toBe(seen.length);
    const forged = await moderator.client.get('/api/admin/reports?status=resolved&cursor=e30');
    expect(forged.json()).toEqual({ err_key: 'cursor_invalid' });
  });
});
