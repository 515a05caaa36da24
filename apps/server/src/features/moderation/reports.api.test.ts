import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reports } from '../../db/schema/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import { sent } from '../chats/test/chat-fixtures.ts';
import { seedLiveStream } from './test/moderation-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Person = Awaited<ReturnType<typeof signedUpUser>>;
const report = (person: Person, body: Record<string, unknown>) =>
  person.client.post('/api/reports', body);

describe('POST /api/reports', () => {
  it('takes a report of each kind the reporter can see, with the item owner kept', async () => {
    const owner = await signedUpUser(server);
    const reporter = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const message = await sent(
      { id: owner.user.id, client: owner.client },
      { id: reporter.user.id },
      'buy my followers',
    );
    const streamId = await seedLiveStream(server, owner.user.id);
    const targets = [
      { target_type: 'story', target_id: story.id, reason: 'violence' },
      { target_type: 'message', target_id: message.id, reason: 'scam' },
      { target_type: 'user', target_id: owner.user.id, reason: 'impersonation' },
      { target_type: 'stream', target_id: streamId, reason: 'other', text: 'Shows a weapon' },
    ];
    for (const body of targets) {
      const response = await report(reporter, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(201);
      const [row] = await server.ctx.db
        .select()
        .from(reports)
        .where(eq(reports.id, response.json<{ report_id: number }>().report_id));
      expect(row).toMatchObject({
        kind: body.target_type,
        targetId: body.target_id,
        targetUserId: owner.user.id,
        reporterId: reporter.user.id,
        reason: body.reason,
        details: body.text ?? '',
        status: 'open',
      });
    }
  });

  it('answers 404 for what the reporter cannot see, 400 for their own, 409 for a repeat', async () => {
    const owner = await signedUpUser(server);
    const reporter = await signedUpUser(server);
    const processing = await seedStory(server, owner.user.id, { status: 'processing' });
    const outsider = await signedUpUser(server);
    const message = await sent(
      { id: owner.user.id, client: owner.client },
      { id: outsider.user.id },
      'private',
    );
    for (const body of [
      { target_type: 'story', target_id: processing.id, reason: 'spam' },
      { target_type: 'story', target_id: 999_999_999, reason: 'spam' },
      { target_type: 'message', target_id: message.id, reason: 'spam' },
      { target_type: 'user', target_id: 999_999_999, reason: 'spam' },
      { target_type: 'stream', target_id: 999_999_999, reason: 'spam' },
      // Beyond an integer id (the contract allows a message's larger ids): absent, not a 500.
      ...(['story', 'user', 'stream', 'message'] as const).map((target_type) => ({
        target_type,
        target_id: Number.MAX_SAFE_INTEGER,
        reason: 'spam',
      })),
    ]) {
      const response = await report(reporter, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json()).toEqual({ err_key: 'report_target_not_found' });
    }

    const own = await seedStory(server, reporter.user.id);
    const ownReport = await report(reporter, {
      target_type: 'story',
      target_id: own.id,
      reason: 'spam',
    });
    expect(ownReport.statusCode).toBe(400);
    expect(ownReport.json()).toEqual({ err_key: 'report_own_content' });
    const self = await report(reporter, {
      target_type: 'user',
      target_id: reporter.user.id,
      reason: 'spam',
    });
    expect(self.json()).toEqual({ err_key: 'report_own_content' });

    const story = await seedStory(server, owner.user.id);
    const body = { target_type: 'story', target_id: story.id, reason: 'hate' };
    expect((await report(reporter, body)).statusCode).toBe(201);
    const again = await report(reporter, { ...body, reason: 'spam' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ err_key: 'report_already_open' });
    const rows = await server.ctx.db.select().from(reports).where(eq(reports.targetId, story.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses `other` without words and unknown reasons, signed out 401', async () => {
    const owner = await signedUpUser(server);
    const reporter = await signedUpUser(server);
    const story = await seedStory(server, owner.user.id);
    const bare = await report(reporter, {
      target_type: 'story',
      target_id: story.id,
      reason: 'other',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      err_key: 'validation_failed',
      errors: { text: ['report_details_required'] },
    });
    // The fixed field names only: the former `kind` / `details` are unknown fields.
    const oldNames = await report(reporter, {
      kind: 'story',
      target_id: story.id,
      reason: 'other',
      details: 'x',
    });
    expect(oldNames.statusCode).toBe(400);
    expect(oldNames.json().errors).toMatchObject({
      kind: ['unknown_field'],
      details: ['unknown_field'],
    });
    const odd = await report(reporter, {
      target_type: 'story',
      target_id: story.id,
      reason: 'ugly',
    });
    expect(odd.statusCode).toBe(400);
    const { client } = await import('../../test/harness.ts');
    const anonymous = await client(server).post('/api/reports', {
      target_type: 'story',
      target_id: story.id,
      reason: 'spam',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('limits a reporter to 30 reports an hour', async () => {
    const reporter = await signedUpUser(server);
    const owners = await Promise.all(Array.from({ length: 31 }, () => signedUpUser(server)));
    const answers: number[] = [];
    for (const owner of owners) {
      const response = await report(reporter, {
        target_type: 'user',
        target_id: owner.user.id,
        reason: 'spam',
      });
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});
