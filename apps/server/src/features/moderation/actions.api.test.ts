import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AccountStanding, NotificationsPage, Story } from '@glimpse/contract';
import { appeals, hashBlocklist, reports, stories, users } from '../../db/schema/index.ts';
import { noisyPng } from '../../test/images.ts';
import { postStory, processedStory } from '../../test/stories.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import {
  auditLinesAbout,
  notificationsOf,
  seedLiveStream,
  staffMember,
  storyReportedBy,
} from './test/moderation-fixtures.ts';

let server: TestServer;
let moderator: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  server = await startTestServer();
  moderator = await staffMember(server, 'moderator');
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof signedUpUser>>;
const act = (body: Record<string, unknown>, as: Person = moderator) =>
  as.client.post('/api/moderation/actions', body);

const reportedStory = (count: number, reason = 'spam') => storyReportedBy(server, count, reason);

const reportStatuses = async (storyId: number) =>
  (await server.ctx.db.select().from(reports).where(eq(reports.targetId, storyId))).map((row) => [
    row.status,
    row.resolvedBy,
  ]);

describe('POST /api/moderation/actions', () => {
  it('dismiss: closes the reports, one audit line, each reporter told once, the owner not', async () => {
    const { owner, story, reporters } = await reportedStory(3);
    const response = await act({
      kind: 'story',
      target_id: story.id,
      action: 'dismiss',
      note: 'Satire, allowed',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ audit_id: number; reports_closed: number }>();
    expect(answer.reports_closed).toBe(3);
    expect(await reportStatuses(story.id)).toEqual(
      Array.from({ length: 3 }, () => ['dismissed', moderator.user.id]),
    );
    const lines = await auditLinesAbout(server, owner.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      id: answer.audit_id,
      actorId: moderator.user.id,
      action: 'dismiss',
      targetKind: 'story',
      targetId: story.id,
      note: 'Satire, allowed',
      details: { reports_closed: 3 },
    });
    for (const reporter of reporters) {
      const told = await notificationsOf(server, reporter.user.id, 'report_resolved');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        actorId: null,
        data: { outcome: 'dismissed', kind: 'story' },
      });
    }
    expect(await notificationsOf(server, owner.user.id, 'moderation_notice')).toEqual([]);
    // Nothing open any more: a second dismissal is refused.
    const again = await act({ kind: 'story', target_id: story.id, action: 'dismiss', note: 'x' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ err_key: 'moderation_action_invalid' });
  });

  it('a double submit decides once: one answer 200, the other refused, everyone told once', async () => {
    const { owner, story, reporters } = await reportedStory(2);
    const body = { kind: 'story', target_id: story.id, action: 'warn', note: 'Twice clicked' };
    const answers = await Promise.all([act(body), act(body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await auditLinesAbout(server, owner.user.id)).toHaveLength(1);
    expect(await notificationsOf(server, owner.user.id, 'moderation_notice')).toHaveLength(1);
    for (const reporter of reporters)
      expect(await notificationsOf(server, reporter.user.id, 'report_resolved')).toHaveLength(1);
  });

  it('warn: actions the reports, the owner told once and warned on their standing', async () => {
    const { owner, story, reporters } = await reportedStory(2, 'harassment');
    const response = await act({
      kind: 'story',
      target_id: story.id,
      action: 'warn',
      note: 'Keep it civil',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await reportStatuses(story.id)).toEqual([
      ['actioned', moderator.user.id],
      ['actioned', moderator.user.id],
    ]);
    for (const reporter of reporters)
      expect(
        (await notificationsOf(server, reporter.user.id, 'report_resolved')).map((n) => n.data),
      ).toEqual([{ outcome: 'actioned', kind: 'story' }]);
    const notices = await notificationsOf(server, owner.user.id, 'moderation_notice');
    expect(notices.map((n) => n.data)).toEqual([
      { outcome: 'warn', kind: 'story', target_id: story.id },
    ]);
    // The owner's bell: one line, opening the standing screen, no moderator named.
    const bell = await owner.client.get('/api/notifications');
    expect(bell.statusCode, bell.body).toBe(200);
    const lines = bell.json<NotificationsPage>().items;
    expect(lines.filter((line) => line.type === 'moderation_notice')).toEqual([
      expect.objectContaining({
        actor: null,
        subject: { kind: 'standing', id: owner.user.id, path: '/me/settings/standing' },
      }),
    ]);
    const standing = (await owner.client.get('/api/account/standing')).json<AccountStanding>();
    expect(standing.warnings).toEqual([{ note: 'Keep it civil', created_at: expect.any(String) }]);
    expect(standing.suspended).toBe(false);
  });

  it('take_down: the story is down, listed under removed on the owner standing', async () => {
    const { owner, story } = await reportedStory(1, 'non_consensual');
    await server.ctx.db
      .update(stories)
      .set({ text: 'Beach day with the whole crew' })
      .where(eq(stories.id, story.id));
    const response = await act({
      kind: 'story',
      target_id: story.id,
      action: 'take_down',
      note: 'Posted without consent',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await server.ctx.db
      .select({ status: stories.status })
      .from(stories)
      .where(eq(stories.id, story.id));
    expect(row!.status).toBe('taken_down');
    expect(await reportStatuses(story.id)).toEqual([['actioned', moderator.user.id]]);
    const standing = (await owner.client.get('/api/account/standing')).json<AccountStanding>();
    expect(standing.removed).toEqual([
      {
        kind: 'story',
        id: story.id,
        note: 'Posted without consent',
        created_at: expect.any(String),
        // What it was, for its owner: the story's media kind (and caption, if it had one).
        excerpt: expect.objectContaining({ media: expect.stringMatching(/^(photo|video)$/) }),
        appeal: null,
      },
    ]);
    expect(
      (await notificationsOf(server, owner.user.id, 'moderation_notice')).map((n) => n.data),
    ).toEqual([
      // Its caption, so the owner knows which story the notice (bell, push, mail) is about.
      {
        outcome: 'take_down',
        kind: 'story',
        target_id: story.id,
        excerpt: 'Beach day with the whole crew',
      },
    ]);
    // The owner's appeal shows beside the removed story.
    const [appeal] = await server.ctx.db
      .insert(appeals)
      .values({
        userId: owner.user.id,
        kind: 'story',
        targetId: story.id,
        statement: 'I consented',
      })
      .returning({ id: appeals.id });
    const after = (await owner.client.get('/api/account/standing')).json<AccountStanding>();
    expect(after.removed[0]!.appeal).toEqual({ id: appeal!.id, status: 'open' });
  });

  it('take_down with block_copies lists the story picture hashes on the blocklist', async () => {
    const owner = await signedUpUser(server);
    const upload = await postStory(owner.client, {
      data: await noisyPng(320, 240),
      contentType: 'image/png',
      filename: 'photo.png',
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const story = await processedStory(server, owner.client, upload.json<Story>().id);
    const response = await act({
      kind: 'story',
      target_id: story.id,
      action: 'take_down',
      note: 'Known abuse picture',
      block_copies: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed = await server.ctx.db
      .select()
      .from(hashBlocklist)
      .where(eq(hashBlocklist.sourceStoryId, story.id));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((row) => row.addedBy === moderator.user.id)).toBe(true);
    const [line] = await auditLinesAbout(server, owner.user.id);
    expect(line!.details).toMatchObject({ blocked_hashes: listed.length });
  });

  it('suspend, unsuspend, hold and release payouts act on the item owner', async () => {
    const owner = await signedUpUser(server);
    const streamId = await seedLiveStream(server, owner.user.id);
    const reporter = await signedUpUser(server);
    await reporter.client.post('/api/reports', {
      target_type: 'stream',
      target_id: streamId,
      reason: 'violence',
    });
    const account = async () =>
      (await server.ctx.db.select().from(users).where(eq(users.id, owner.user.id)))[0]!;

    const hold = await act({
      kind: 'user',
      target_id: owner.user.id,
      action: 'hold_payouts',
      note: 'Chargebacks',
    });
    expect(hold.statusCode, hold.body).toBe(200);
    expect((await account()).payoutsHeldAt).not.toBeNull();
    const holdAgain = await act({
      kind: 'user',
      target_id: owner.user.id,
      action: 'hold_payouts',
      note: 'x',
    });
    expect(holdAgain.statusCode).toBe(400);
    const release = await act({
      kind: 'user',
      target_id: owner.user.id,
      action: 'release_payouts',
      note: 'Cleared',
    });
    expect(release.statusCode, release.body).toBe(200);
    expect((await account()).payoutsHeldAt).toBeNull();

    const suspend = await act({
      kind: 'stream',
      target_id: streamId,
      action: 'suspend',
      note: 'Violence on stream',
      suspend_days: 7,
    });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const suspended = await account();
    expect(suspended.suspendedAt).not.toBeNull();
    const days = (suspended.suspendedUntil!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    expect(
      (await notificationsOf(server, reporter.user.id, 'report_resolved')).map((n) => n.data),
    ).toEqual([{ outcome: 'actioned', kind: 'stream' }]);

    const lift = await act({
      kind: 'user',
      target_id: owner.user.id,
      action: 'unsuspend',
      note: 'Appeal',
    });
    expect(lift.statusCode, lift.body).toBe(200);
    expect((await account()).suspendedAt).toBeNull();
    const liftAgain = await act({
      kind: 'user',
      target_id: owner.user.id,
      action: 'unsuspend',
      note: 'x',
    });
    expect(liftAgain.statusCode).toBe(400);

    const lines = await auditLinesAbout(server, owner.user.id);
    expect(lines.map((line) => line.action)).toEqual([
      'hold_payouts',
      'release_payouts',
      'suspend',
      'unsuspend',
    ]);
    expect(lines[2]!.details).toMatchObject({ suspend_days: 7, reports_closed: 1 });
    const notices = await notificationsOf(server, owner.user.id, 'moderation_notice');
    expect(notices.map((n) => n.data.outcome).sort()).toEqual(
      ['hold_payouts', 'release_payouts', 'suspend', 'unsuspend'].sort(),
    );
  });

  it('refuses invalid combinations with moderation_action_invalid and changes nothing', async () => {
    const { owner, story } = await reportedStory(1);
    const otherModerator = await staffMember(server, 'moderator');
    const admin = await staffMember(server, 'admin');
    const staffStory = await seedStory(server, otherModerator.user.id);
    const invalid = [
      { kind: 'user', target_id: owner.user.id, action: 'take_down', note: 'x' },
      { kind: 'story', target_id: story.id, action: 'warn', note: 'x', suspend_days: 3 },
      { kind: 'user', target_id: owner.user.id, action: 'unsuspend', note: 'x' },
      { kind: 'user', target_id: owner.user.id, action: 'release_payouts', note: 'x' },
      { kind: 'user', target_id: moderator.user.id, action: 'warn', note: 'x' },
      {
        kind: 'user',
        target_id: otherModerator.user.id,
        action: 'suspend',
        note: 'x',
        suspend_days: null,
      },
      { kind: 'story', target_id: staffStory.id, action: 'take_down', note: 'x' },
      { kind: 'user', target_id: admin.user.id, action: 'warn', note: 'x' },
      { kind: 'story', target_id: story.id, action: 'dismiss', note: 'x', block_copies: true },
      {
        kind: 'user',
        target_id: owner.user.id,
        action: 'take_down',
        note: 'x',
        block_copies: true,
      },
    ];
    for (const body of invalid) {
      const response = await act(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ err_key: 'moderation_action_invalid' });
    }
    // An admin may act on a moderator, never on themself.
    expect(
      (
        await act(
          { kind: 'user', target_id: otherModerator.user.id, action: 'warn', note: 'Be careful' },
          admin,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await act({ kind: 'user', target_id: admin.user.id, action: 'warn', note: 'x' }, admin))
        .statusCode,
    ).toBe(400);
    // Missing items are not found; suspend needs its days.
    const missing = await act({ kind: 'story', target_id: 999_999_999, action: 'warn', note: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ err_key: 'report_target_not_found' });
    const noDays = await act({
      kind: 'user',
      target_id: owner.user.id,
      action: 'suspend',
      note: 'x',
    });
    expect(noDays.statusCode).toBe(400);
    expect(await reportStatuses(story.id)).toEqual([['open', null]]);
    expect(await auditLinesAbout(server, owner.user.id)).toEqual([]);
  });
});
