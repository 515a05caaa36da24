import { eq } from 'drizzle-orm';
import { STANDING_EXCERPT_MAX } from '@glimpse/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, stories, users } from '../../db/schema/index.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import { issueStandingToken, STANDING_TOKEN_TTL_MS } from '../auth/standing-token.ts';
import { registeredPasskey } from '../auth/test/registered-passkey.ts';
import { suspend, unsuspend } from './index.ts';

/**
 * A suspended account has no session, so its refused sign-in carries a standing token that
 * reads the standing and files appeals, and nothing else (docs/decisions.md, trust and safety).
 */

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

async function takenDownStory(userId: number, text: string): Promise<number> {
  const [row] = await server.ctx.db
    .insert(stories)
    .values({
      userId,
      text,
      isVideo: false,
      status: 'ready',
      sourceKey: `standing-${userId}-${Math.random()}`,
      sourceContentType: 'image/jpeg',
    })
    .returning({ id: stories.id });
  const action = await moderator.client.post('/api/moderation/actions', {
    kind: 'story',
    target_id: row!.id,
    action: 'take_down',
    note: 'Nudity in a free story.',
  });
  expect(action.statusCode, action.body).toBe(200);
  return row!.id;
}

async function refusedSignIn(email: string) {
  const response = await client(server).post('/api/auth/login', { email, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(403);
  return response.json<{
    err_key: string;
    err_msg: { until: string | null };
    standing_token: string;
  }>();
}

describe('a suspended account without a session', () => {
  it('gets a standing token with the refusal, reads its standing with it and appeals', async () => {
    const owner = await signedUpUser(server);
    const storyId = await takenDownStory(owner.user.id, 'Beach day');
    const until = new Date(Date.now() + 7 * 86_400_000);
    await suspend(server.ctx, owner.user.id, until);

    const refusal = await refusedSignIn(owner.body.email);
    // The catalogue's contract stands: the key and `err_msg: { until }`; the token is beside it.
    expect(refusal.err_key).toBe('account_suspended');
    expect(refusal.err_msg).toEqual({ until: until.toISOString() });
    expect(refusal.standing_token).toEqual(expect.any(String));
    // A wrong password gets no token.
    const wrong = await client(server).post('/api/auth/login', {
      email: owner.body.email,
      password: 'not the password at all',
    });
    expect(wrong.json().standing_token).toBeUndefined();

    const anonymous = client(server);
    const standing = await anonymous.post('/api/account/standing/suspended', {
      standing_token: refusal.standing_token,
    });
    expect(standing.statusCode, standing.body).toBe(200);
    expect(standing.json()).toMatchObject({
      suspended: true,
      suspended_until: until.toISOString(),
      removed: [
        {
          kind: 'story',
          id: storyId,
          note: 'Nudity in a free story.',
          excerpt: { text: 'Beach day', media: 'photo' },
          appeal: null,
        },
      ],
    });

    // The token files the item's appeal and the suspension's, as the owner.
    const item = await anonymous.post('/api/appeals/suspended', {
      standing_token: refusal.standing_token,
      kind: 'story',
      target_id: storyId,
      statement: 'It was a swimsuit photo.',
    });
    expect(item.statusCode, item.body).toBe(201);
    const suspension = await anonymous.post('/api/appeals/suspended', {
      standing_token: refusal.standing_token,
      kind: 'suspension',
      statement: 'Please look again.',
    });
    expect(suspension.statusCode, suspension.body).toBe(201);
    const filed = await server.ctx.db
      .select({ kind: appeals.kind, targetId: appeals.targetId })
      .from(appeals)
      .where(eq(appeals.userId, owner.user.id));
    expect(filed).toEqual(
      expect.arrayContaining([
        { kind: 'story', targetId: storyId },
        { kind: 'suspension', targetId: owner.user.id },
      ]),
    );
    const missing = await anonymous.post('/api/appeals/suspended', {
      standing_token: refusal.standing_token,
      kind: 'story',
      statement: 'Which one?',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().err_key).toBe('validation_failed');

    // Nothing else: no session came with it, and the token is no cookie.
    const me = await client(server, { cookie: refusal.standing_token }).get('/api/auth/me');
    expect(me.statusCode).toBe(401);
  });

  it('gets the token with a passkey sign-in too, which proves the owner as a password does', async () => {
    const owner = await signedUpUser(server);
    const { key } = await registeredPasskey(owner, 'Phone');
    await suspend(server.ctx, owner.user.id, null);

    const browser = client(server);
    const signInOptions = (await browser.post('/api/auth/passkey/options')).json();
    const refused = await browser.post('/api/auth/passkey', { passkey: key.assert(signInOptions) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      err_key: 'account_suspended',
      err_msg: { until: null },
      standing_token: expect.any(String),
    });
    expect(browser.cookie).toBeFalsy();
    const standing = await client(server).post('/api/account/standing/suspended', {
      standing_token: refused.json().standing_token,
    });
    expect(standing.statusCode, standing.body).toBe(200);
    expect(standing.json()).toMatchObject({ suspended: true, suspended_until: null });
  });

  it('refuses a forged, another label, an expired token, and one whose suspension ended', async () => {
    const owner = await signedUpUser(server);
    await suspend(server.ctx, owner.user.id, null);
    const anonymous = client(server);
    const read = (standing_token: string) =>
      anonymous.post('/api/account/standing/suspended', { standing_token });

    const forged = issueStandingToken('another secret', owner.user.id);
    expect((await read(forged)).json().err_key).toBe('token_invalid');
    const other = issueStandingToken(server.ctx.config.secret, moderator.user.id);
    // Signed by us, but the moderator is not suspended: nothing to read.
    expect((await read(other)).json().err_key).toBe('token_invalid');
    const late = issueStandingToken(
      server.ctx.config.secret,
      owner.user.id,
      Date.now() - STANDING_TOKEN_TTL_MS - 1000,
    );
    const expired = await read(late);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().err_key).toBe('token_expired');

    const { standing_token } = await refusedSignIn(owner.body.email);
    expect((await read(standing_token)).statusCode).toBe(200);
    await unsuspend(server.ctx, owner.user.id);
    const lifted = await read(standing_token);
    expect(lifted.statusCode).toBe(400);
    expect(lifted.json().err_key).toBe('token_invalid');
    const appeal = await anonymous.post('/api/appeals/suspended', {
      standing_token,
      kind: 'suspension',
      statement: 'Too late.',
    });
    expect(appeal.json().err_key).toBe('token_invalid');
  });

  it('the owner sees what each removed item was, cut short; nobody else sees it', async () => {
    const owner = await signedUpUser(server);
    const other = await signedUpUser(server);
    const caption = `${'Sunset over the bay, '.repeat(9)}end`;
    const storyId = await takenDownStory(owner.user.id, caption);
    const standing = await owner.client.get('/api/account/standing');
    const [item] = standing.json<{ removed: { id: number; excerpt: { text: string } }[] }>()
      .removed;
    expect(item?.id).toBe(storyId);
    expect([...item!.excerpt.text]).toHaveLength(STANDING_EXCERPT_MAX);
    expect(item!.excerpt.text.endsWith('…')).toBe(true);
    expect(caption.startsWith(item!.excerpt.text.slice(0, -1))).toBe(true);
    // Another account's standing is its own: nothing of the owner's shows there.
    const theirs = await other.client.get('/api/account/standing');
    expect(theirs.json().removed).toEqual([]);
    expect(theirs.body).not.toContain('Sunset');
  });
});
