import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { appeals, auditLog, notifications, stories, users } from '../../db/schema/index.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import { suspend, takeDown } from '../moderation/index.ts';

let server: TestServer;
let moderator: Awaited<ReturnType<typeof signedUpUser>>;

beforeAll(async () => {
  server = await startTestServer();
  moderator = await signedUpUser(server);
  await server.ctx.db
    .update(users)
    .set({ role: 'moderator' })
    .where(eq(users.id, moderator.user.id));
});
afterAll(async () => {
  await server.stop();
});

async function takenDownStory(userId: number): Promise<number> {
  const [row] = await server.ctx.db
    .insert(stories)
    .values({
      userId,
      isVideo: false,
      status: 'ready',
      sourceKey: `appeal-${userId}-${Math.random()}`,
      sourceContentType: 'image/jpeg',
    })
    .returning({ id: stories.id });
  await takeDown(server.ctx, 'story', row!.id);
  return row!.id;
}

const statusOf = async (storyId: number) =>
  (await server.ctx.db.select().from(stories).where(eq(stories.id, storyId)))[0]!.status;

async function openAppealIds(userId: number): Promise<number[]> {
  const listed = await moderator.client.get('/api/moderation/appeals');
  expect(listed.statusCode).toBe(200);
  return (listed.json().appeals as { id: number; user: { id: number } }[])
    .filter((appeal) => appeal.user.id === userId)
    .map((appeal) => appeal.id);
}

describe('appeals of takedowns', () => {
  it('a granted appeal restores the story; the owner is told; all of it logged', async () => {
    const owner = await signedUpUser(server);
    const viewer = await signedUpUser(server);
    const storyId = await takenDownStory(owner.user.id);
    expect((await viewer.client.get(`/api/stories/${storyId}`)).statusCode).toBe(404);

    const filed = await owner.client.post('/api/appeals', {
      kind: 'story',
      target_id: storyId,
      statement: 'This is my own artwork, nothing in it breaks the rules.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const appealId = filed.json().appeal_id as number;

    const duplicate = await owner.client.post('/api/appeals', {
      kind: 'story',
      target_id: storyId,
      statement: 'Again.',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().err_key).toBe('appeal_already_open');

    expect(await openAppealIds(owner.user.id)).toEqual([appealId]);
    expect((await owner.client.get('/api/moderation/appeals')).statusCode).toBe(403);
    expect(
      (
        await owner.client.post(`/api/moderation/appeals/${appealId}/decide`, {
          decision: 'grant',
          note: 'self-service',
        })
      ).statusCode,
    ).toBe(403);

    const granted = await moderator.client.post(`/api/moderation/appeals/${appealId}/decide`, {
      decision: 'grant',
      note: 'Looked again: it is fine.',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await statusOf(storyId)).toBe('ready');
    expect((await viewer.client.get(`/api/stories/${storyId}`)).statusCode).toBe(200);

    const again = await moderator.client.post(`/api/moderation/appeals/${appealId}/decide`, {
      decision: 'deny',
      note: 'changed my mind',
    });
    expect(again.json().err_key).toBe('appeal_closed');

    const [line] = await server.ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, owner.user.id), eq(notifications.type, 'appeal_decided')),
      );
    expect(line!.data).toMatchObject({ outcome: 'granted' });
    const bell = await owner.client.get('/api/notifications');
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().items[0]).toMatchObject({
      type: 'appeal_decided',
      subject: { kind: 'appeal', id: appealId, path: '/me/settings/standing' },
    });
    const actions = await server.ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, owner.user.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'appeal.filed', actorId: owner.user.id },
        { action: 'appeal.granted', actorId: moderator.user.id },
      ]),
    );
  });

  it('a denied appeal keeps the story down; that decision cannot be appealed again', async () => {
    const owner = await signedUpUser(server);
    const storyId = await takenDownStory(owner.user.id);
    const filed = await owner.client.post('/api/appeals', {
      kind: 'story',
      target_id: storyId,
      statement: 'Please look again.',
    });
    const denied = await moderator.client.post(
      `/api/moderation/appeals/${filed.json().appeal_id}/decide`,
      { decision: 'deny', note: 'The takedown stands.' },
    );
    expect(denied.statusCode).toBe(200);
    expect(await statusOf(storyId)).toBe('taken_down');
    const [row] = await server.ctx.db
      .select()
      .from(appeals)
      .where(eq(appeals.id, filed.json().appeal_id));
    expect(row).toMatchObject({ status: 'denied', note: 'The takedown stands.' });
    const decided = await moderator.client.get('/api/moderation/appeals?status=denied');
    expect((decided.json().appeals as { id: number }[]).some((a) => a.id === row!.id)).toBe(true);
  });

  it('one appeal per decision: refused after a grant or a denial, allowed against a new takedown', async () => {
    const owner = await signedUpUser(server);
    const appeal = (storyId: number, statement: string) =>
      owner.client.post('/api/appeals', { kind: 'story', target_id: storyId, statement });
    const decide = async (appealId: number, decision: 'grant' | 'deny') =>
      expect(
        (
          await moderator.client.post(`/api/moderation/appeals/${appealId}/decide`, {
            decision,
            note: 'Looked again.',
          })
        ).statusCode,
      ).toBe(200);

    // Denied: the same decision is not appealed twice.
    const denied = await takenDownStory(owner.user.id);
    const first = await appeal(denied, 'Please look again.');
    expect(first.statusCode, first.body).toBe(201);
    await decide(first.json().appeal_id, 'deny');
    const second = await appeal(denied, 'And once more.');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ err_key: 'appeal_already_decided' });

    // Granted, then taken down again by a new decision: that one may be appealed (once).
    const granted = await takenDownStory(owner.user.id);
    const before = await appeal(granted, 'Mine.');
    await decide(before.json().appeal_id, 'grant');
    expect(await statusOf(granted)).toBe('ready');
    // The new decision as moderation logs it (its time starts the new appeal's window).
    await takeDown(server.ctx, 'story', granted);
    await server.ctx.db.insert(auditLog).values({
      actorId: moderator.user.id,
      action: 'take_down',
      targetKind: 'story',
      targetId: granted,
      subjectUserId: owner.user.id,
    });
    const anew = await appeal(granted, 'This is a different decision.');
    expect(anew.statusCode, anew.body).toBe(201);
    await decide(anew.json().appeal_id, 'deny');
    expect((await appeal(granted, 'Third time.')).json()).toEqual({
      err_key: 'appeal_already_decided',
    });
    const rows = await server.ctx.db.select().from(appeals).where(eq(appeals.targetId, granted));
    expect(rows.map((row) => row.status).sort()).toEqual(['denied', 'granted']);
  });

  it("refuses appeals of items that are not the appellant's or not taken down", async () => {
    const owner = await signedUpUser(server);
    const other = await signedUpUser(server);
    const storyId = await takenDownStory(owner.user.id);
    for (const [who, body] of [
      [other, { kind: 'story', target_id: storyId, statement: 'mine?' }],
      [owner, { kind: 'message', target_id: 999_999_999, statement: 'x' }],
      [owner, { kind: 'stream', target_id: 999_999, statement: 'x' }],
    ] as const) {
      const response = await who.client.post('/api/appeals', body);
      expect(response.statusCode).toBe(404);
      expect(response.json().err_key).toBe('appeal_target_not_found');
    }
    expect(
      (
        await client(server).post('/api/appeals', {
          kind: 'story',
          target_id: storyId,
          statement: 'x',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the console lists', () => {
  it('answer moderators and admins; a suspended moderator is refused', async () => {
    const admin = await signedUpUser(server);
    const suspendedModerator = await signedUpUser(server);
    await server.ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    await server.ctx.db
      .update(users)
      .set({ role: 'moderator' })
      .where(eq(users.id, suspendedModerator.user.id));
    const lists = ['/api/moderation/appeals', '/api/moderation/copyright'];
    for (const url of lists) {
      expect((await moderator.client.get(url)).statusCode, url).toBe(200);
      expect((await admin.client.get(url)).statusCode, url).toBe(200);
    }
    await suspend(server.ctx, suspendedModerator.user.id, null);
    const login = await client(server).post('/api/auth/login', {
      email: suspendedModerator.body.email,
      password: TEST_PASSWORD,
    });
    expect(login.json().err_key).toBe('account_suspended');
    for (const url of lists)
      expect((await suspendedModerator.client.get(url)).statusCode).toBe(401);
  });
});

describe('the appeal window', () => {
  it('is 20 days from the decision in the audit log', async () => {
    const owner = await signedUpUser(server);
    const [late, inTime] = [
      await takenDownStory(owner.user.id),
      await takenDownStory(owner.user.id),
    ];
    const day = 86_400_000;
    await server.ctx.db.insert(auditLog).values([
      {
        actorId: moderator.user.id,
        action: 'take_down',
        targetKind: 'story',
        targetId: late,
        subjectUserId: owner.user.id,
        createdAt: new Date(Date.now() - 21 * day),
      },
      {
        actorId: moderator.user.id,
        action: 'take_down',
        targetKind: 'story',
        targetId: inTime,
        subjectUserId: owner.user.id,
        createdAt: new Date(Date.now() - 19 * day),
      },
    ]);
    const tooLate = await owner.client.post('/api/appeals', {
      kind: 'story',
      target_id: late,
      statement: 'Please.',
    });
    expect(tooLate.statusCode).toBe(410);
    expect(tooLate.json().err_key).toBe('appeal_window_closed');
    const fine = await owner.client.post('/api/appeals', {
      kind: 'story',
      target_id: inTime,
      statement: 'Please.',
    });
    expect(fine.statusCode).toBe(201);
  });
});

describe('appeals of suspensions', () => {
  it('a suspended account appeals with its credentials; a grant lifts the suspension', async () => {
    const owner = await signedUpUser(server);
    const notSuspended = await signedUpUser(server);
    await suspend(server.ctx, owner.user.id, null);
    const anonymous = client(server);

    const wrong = await anonymous.post('/api/appeals/suspension', {
      email: owner.body.email,
      password: 'not the password at all',
      statement: 'Let me back in.',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().err_key).toBe('invalid_credentials');
    const unknown = await anonymous.post('/api/appeals/suspension', {
      email: 'nobody-here@example.com',
      password: TEST_PASSWORD,
      statement: 'Let me back in.',
    });
    expect(unknown.json().err_key).toBe('invalid_credentials');
    const fine = await anonymous.post('/api/appeals/suspension', {
      email: notSuspended.body.email,
      password: TEST_PASSWORD,
      statement: 'Nothing to appeal.',
    });
    expect(fine.json().err_key).toBe('appeal_not_suspended');

    const filed = await anonymous.post('/api/appeals/suspension', {
      email: owner.body.email,
      password: TEST_PASSWORD,
      statement: 'My account was hacked; the posts were not mine.',
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const duplicate = await anonymous.post('/api/appeals/suspension', {
      email: owner.body.email,
      password: TEST_PASSWORD,
      statement: 'Again.',
    });
    expect(duplicate.json().err_key).toBe('appeal_already_open');

    const granted = await moderator.client.post(
      `/api/moderation/appeals/${filed.json().appeal_id}/decide`,
      { decision: 'grant', note: 'Hacked account, restored.' },
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const [account] = await server.ctx.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(account!.suspendedAt).toBeNull();
    const signIn = await client(server).post('/api/auth/login', {
      email: owner.body.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('limits suspension appeals per client address', async () => {
    const sameAddress = client(server);
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await sameAddress.post('/api/appeals/suspension', {
        email: `nobody-${i}@example.com`,
        password: 'whatever password',
        statement: 'x',
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers[10]).toBe(429);
  });
});
