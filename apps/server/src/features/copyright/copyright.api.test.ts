import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  copyrightNotices,
  mails,
  notifications,
  stories,
  users,
} from '../../db/schema/index.ts';
import { client, startTestServer, TEST_ORIGIN, type TestServer } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { claimantToken } from '../mail/index.ts';
import { restoreCounteredNotices } from './copyright.service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.stop();
});

async function storyOf(userId: number): Promise<number> {
  const [row] = await server.ctx.db
    .insert(stories)
    .values({
      userId,
      isVideo: false,
      status: 'ready',
      sourceKey: `copyright-${userId}-${Math.random()}`,
      sourceContentType: 'image/jpeg',
    })
    .returning({ id: stories.id });
  return row!.id;
}

const statusOf = async (storyId: number) =>
  (await server.ctx.db.select().from(stories).where(eq(stories.id, storyId)))[0]!.status;

function noticeBody(storyId: number, overrides: Record<string, unknown> = {}) {
  return {
    claimant_name: 'Rita Rights',
    claimant_email: 'rita@studio.example',
    work: 'My photograph "Harbour at dawn" (2024)',
    content_url: `${TEST_ORIGIN}/stories/${storyId}`,
    good_faith: true,
    accurate: true,
    signature: 'Rita Rights',
    ...overrides,
  };
}

async function fileNotice(storyId: number, overrides: Record<string, unknown> = {}) {
  const response = await client(server).post(
    '/api/copyright/notices',
    noticeBody(storyId, overrides),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ notice_id: number }>().notice_id;
}

describe('copyright notices', () => {
  it('takes the story down at once, tells the creator, mails the claimant, logs it', async () => {
    const creator = await signedUpUser(server);
    const viewer = await signedUpUser(server);
    const storyId = await storyOf(creator.user.id);
    expect((await viewer.client.get(`/api/stories/${storyId}`)).statusCode).toBe(200);

    const noticeId = await fileNotice(storyId);

    expect(await statusOf(storyId)).toBe('taken_down');
    const hidden = await viewer.client.get(`/api/stories/${storyId}`);
    expect(hidden.statusCode).toBe(404);

    const [notice] = await server.ctx.db
      .select()
      .from(copyrightNotices)
      .where(eq(copyrightNotices.id, noticeId));
    expect(notice).toMatchObject({ status: 'taken_down', creatorId: creator.user.id, storyId });
    // Only the token's hash is stored, and no mail row carries the token.
    const token = claimantToken(server.config.secret, noticeId);
    expect(notice!.claimantTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await server.ctx.db
      .select()
      .from(mails)
      .where(
        and(
          eq(mails.toAddress, 'rita@studio.example'),
          eq(mails.template, 'copyright_notice_received'),
        ),
      );
    expect(mail!.params).toMatchObject({ notice: noticeId });
    expect(JSON.stringify(mail!.params)).not.toContain(token);

    const [line] = await server.ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, creator.user.id), eq(notifications.type, 'copyright_notice')),
      );
    expect(line!.data).toMatchObject({ outcome: 'taken_down' });
    // One mail tells the creator (the notification's, at once), not one per part of the takedown.
    await server.ctx.jobs.drain();
    const toCreator = await server.ctx.db
      .select({ template: mails.template })
      .from(mails)
      .where(eq(mails.toAddress, creator.body.email));
    expect(toCreator.filter((m) => m.template !== 'email_verify')).toEqual([
      { template: 'notification' },
    ]);
    // The bell's list shows it, opening the creator's notices (the counter-notice page).
    const bell = await creator.client.get('/api/notifications');
    expect(bell.statusCode, bell.body).toBe(200);
    expect(bell.json().items[0]).toMatchObject({
      type: 'copyright_notice',
      subject: { kind: 'copyright', id: noticeId, path: '/me/copyright' },
      data: { outcome: 'taken_down' },
    });

    const audit = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'copyright.notice'), eq(auditLog.targetId, storyId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: null, subjectUserId: creator.user.id });

    // The creator sees it on their notices page; the claimant's address stays hidden.
    const mine = await creator.client.get('/api/copyright/mine');
    expect(mine.json().notices).toEqual([
      expect.objectContaining({ id: noticeId, status: 'taken_down', claimant_name: 'Rita Rights' }),
    ]);
    expect(mine.body).not.toContain('rita@studio.example');
  });

  it('reads the profile story link too', async () => {
    const creator = await signedUpUser(server);
    const storyId = await storyOf(creator.user.id);
    await fileNotice(storyId, { content_url: `/u/${creator.user.slug}?story=${storyId}` });
    expect(await statusOf(storyId)).toBe('taken_down');
  });

  it('refuses bad URLs, missing statements and absent stories with their err_keys', async () => {
    const creator = await signedUpUser(server);
    const storyId = await storyOf(creator.user.id);
    const anonymous = client(server);
    for (const content_url of [
      `https://elsewhere.example/stories/${storyId}`,
      `${TEST_ORIGIN}/me`,
      `${TEST_ORIGIN}/u/${creator.user.slug}`,
      'not a url at all',
    ]) {
      const response = await anonymous.post(
        '/api/copyright/notices',
        noticeBody(storyId, { content_url }),
      );
      expect(response.statusCode, content_url).toBe(400);
      expect(response.json().err_key).toBe('copyright_url_invalid');
    }
    for (const missing of [{ good_faith: false }, { accurate: false }]) {
      const response = await anonymous.post('/api/copyright/notices', noticeBody(storyId, missing));
      expect(response.statusCode).toBe(400);
      expect(response.json().err_key).toBe('copyright_statements_required');
    }
    const absent = await anonymous.post('/api/copyright/notices', noticeBody(2_000_000_000));
    expect(absent.statusCode).toBe(404);
    expect(absent.json().err_key).toBe('copyright_content_not_found');
    const noSignature = await anonymous.post(
      '/api/copyright/notices',
      noticeBody(storyId, { signature: '' }),
    );
    expect(noSignature.statusCode).toBe(400);
    // Nothing was taken down by any refused notice.
    expect(await statusOf(storyId)).toBe('ready');
  });

  it('limits notices per client address', async () => {
    const creator = await signedUpUser(server);
    const storyId = await storyOf(creator.user.id);
    const sameAddress = client(server);
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await sameAddress.post(
        '/api/copyright/notices',
        noticeBody(storyId, { content_url: '/nowhere' }),
      );
      answers.push(response.statusCode);
    }
    expect(answers.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('a counter-notice restores the story after ten business days (the sweep)', async () => {
    const creator = await signedUpUser(server);
    const viewer = await signedUpUser(server);
    const storyId = await storyOf(creator.user.id);
    const noticeId = await fileNotice(storyId);

    const other = await signedUpUser(server);
    const notOwn = await other.client.post(`/api/copyright/notices/${noticeId}/counter`, {
      statement: 'Mine.',
      consent_jurisdiction: true,
      signature: 'Someone Else',
    });
    expect(notOwn.statusCode).toBe(404);
    expect(notOwn.json().err_key).toBe('copyright_notice_not_found');

    const noConsent = await creator.client.post(`/api/copyright/notices/${noticeId}/counter`, {
      statement: 'I shot this photo myself.',
      consent_jurisdiction: false,
      signature: 'Creator Name',
    });
    expect(noConsent.json().err_key).toBe('copyright_statements_required');

    const countered = await creator.client.post(`/api/copyright/notices/${noticeId}/counter`, {
      statement: 'I shot this photo myself.',
      consent_jurisdiction: true,
      signature: 'Creator Name',
    });
    expect(countered.statusCode, countered.body).toBe(200);
    const restoreAfter = new Date(countered.json().restore_after);
    // Ten business days: 12 calendar days from a Sunday, 14 from a weekday.
    const days = (restoreAfter.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(11.9);
    expect(days).toBeLessThan(14.1);
    expect([0, 6]).not.toContain(restoreAfter.getUTCDay());

    const again = await creator.client.post(`/api/copyright/notices/${noticeId}/counter`, {
      statement: 'Again.',
      consent_jurisdiction: true,
      signature: 'Creator Name',
    });
    expect(again.json().err_key).toBe('copyright_counter_closed');
    const [counterMail] = await server.ctx.db
      .select()
      .from(mails)
      .where(eq(mails.template, 'copyright_counter_notice'));
    expect(counterMail!.toAddress).toBe('rita@studio.example');

    // Not yet: the sweep leaves it down before its time.
    await restoreCounteredNotices(server.ctx);
    expect(await statusOf(storyId)).toBe('taken_down');

    await restoreCounteredNotices(server.ctx, new Date(restoreAfter.getTime() + 1000));
    expect(await statusOf(storyId)).toBe('ready');
    expect((await viewer.client.get(`/api/stories/${storyId}`)).statusCode).toBe(200);
    const [notice] = await server.ctx.db
      .select()
      .from(copyrightNotices)
      .where(eq(copyrightNotices.id, noticeId));
    expect(notice!.status).toBe('restored');

    // The claimant is too late now.
    const late = await client(server).post('/api/copyright/court-action', {
      token: claimantToken(server.config.secret, noticeId),
    });
    expect(late.json().err_key).toBe('copyright_court_action_closed');
  });

  it('a court action reported in time keeps the story down', async () => {
    const creator = await signedUpUser(server);
    const storyId = await storyOf(creator.user.id);
    const noticeId = await fileNotice(storyId);
    await creator.client.post(`/api/copyright/notices/${noticeId}/counter`, {
      statement: 'It is mine.',
      consent_jurisdiction: true,
      signature: 'Creator Name',
    });
    const claimant = client(server);
    const token = claimantToken(server.config.secret, noticeId);
    const bad = await claimant.get('/api/copyright/court-action?token=not-the-token');
    expect(bad.json().err_key).toBe('token_invalid');
    const view = await claimant.get(`/api/copyright/court-action?token=${token}`);
    expect(view.json()).toMatchObject({ id: noticeId, status: 'countered' });
    const reported = await claimant.post('/api/copyright/court-action', { token });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().status).toBe('court_action');

    // Even far past the waiting time, the sweep does not restore it.
    await restoreCounteredNotices(server.ctx, new Date(Date.now() + 60 * 86_400_000));
    expect(await statusOf(storyId)).toBe('taken_down');
    const audit = await server.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'copyright.court_action'), eq(auditLog.targetId, noticeId)));
    expect(audit).toHaveLength(1);
  });

  it('three upheld notices suspend the creator for good; a rejected one is no strike', async () => {
    const creator = await signedUpUser(server);
    const moderator = await signedUpUser(server);
    await server.ctx.db
      .update(users)
      .set({ role: 'moderator' })
      .where(eq(users.id, moderator.user.id));
    const [first, second, third, fourth] = await Promise.all(
      [0, 1, 2, 3].map(() => storyOf(creator.user.id)),
    );
    const suspended = async () =>
      (await server.ctx.db.select().from(users).where(eq(users.id, creator.user.id)))[0]!;

    const firstNotice = await fileNotice(first!);
    expect((await creator.client.get('/api/moderation/copyright')).statusCode).toBe(403);
    await fileNotice(second!);
    // A moderator rejects the first: its story returns and it no longer counts.
    const forbidden = await creator.client.post(`/api/moderation/copyright/${firstNotice}/reject`, {
      note: 'not valid',
    });
    expect(forbidden.statusCode).toBe(403);
    const rejected = await moderator.client.post(
      `/api/moderation/copyright/${firstNotice}/reject`,
      { note: 'The claimant does not own this work.' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOf(first!)).toBe('ready');
    const twice = await moderator.client.post(`/api/moderation/copyright/${firstNotice}/reject`, {
      note: 'again',
    });
    expect(twice.json().err_key).toBe('copyright_notice_closed');

    await fileNotice(third!);
    expect((await suspended()).suspendedAt).toBeNull();
    await fileNotice(fourth!);
    const account = await suspended();
    expect(account.suspendedAt).not.toBeNull();
    expect(account.suspendedUntil).toBeNull();
    const audit = await server.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'copyright.suspend'), eq(auditLog.subjectUserId, creator.user.id)),
      );
    expect(audit).toHaveLength(1);

    // The console lists the creator's notices with the claimant's address.
    const listed = await moderator.client.get(
      `/api/moderation/copyright?creator_id=${creator.user.id}`,
    );
    expect(listed.statusCode).toBe(200);
    const notices = listed.json().notices as { status: string; claimant_email: string }[];
    expect(notices.map((n) => n.status).sort()).toEqual([
      'rejected',
      'taken_down',
      'taken_down',
      'taken_down',
    ]);
    expect(notices[0]!.claimant_email).toBe('rita@studio.example');
    const byStatus = await moderator.client.get('/api/moderation/copyright?status=rejected');
    expect(
      (byStatus.json().notices as { status: string }[]).every((n) => n.status === 'rejected'),
    ).toBe(true);
    // The suspension ended the creator's sessions.
    expect((await creator.client.get('/api/copyright/mine')).statusCode).toBe(401);
  });
});
