import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_DAYS, type CurrentUser } from '@glimpse/contract';
import { passkeys, sessions, users } from '../../db/schema/index.ts';
import { seedStory } from '../../test/access-fixtures.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import type { Client } from '../../test/harness.ts';
import { verifyUser } from '../../test/stories.ts';
import { fundWallet } from '../money/test/index.ts';
import {
  mailContent,
  signIn,
  startMailedServer,
  subjectHas,
  type MailedServer,
} from '../auth/test/account-mail.ts';

let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer();
});
afterAll(async () => {
  await mailed?.stop();
});

const DAY_MS = 86_400_000;
const askDeletion = (c: Client, password = TEST_PASSWORD) =>
  c.post('/api/users/me/deletion', { password });

/** A creator others can find: a unique name, a ready story, verified with a price. */
async function findableCreator() {
  const name = `Zelda ${randomBytes(4).toString('hex')}`;
  const account = await signedUpUser(mailed.server, { name });
  await verifyUser(mailed.server, account.user.id);
  await mailed.server.ctx.db
    .update(users)
    .set({ subscribePriceCents: 500 })
    .where(eq(users.id, account.user.id));
  const story = await seedStory(mailed.server, account.user.id);
  return { ...account, name, story };
}

/** What another signed-in user finds of `who` through every way there is to reach them. */
async function seenBy(other: Client, who: Awaited<ReturnType<typeof findableCreator>>) {
  const id = who.user.id;
  const search = await other.get(`/api/search?q=${encodeURIComponent(who.name)}`);
  const discover = await other.get('/api/home/stories/discover?limit=60');
  return {
    profile: (await other.get(`/api/users/slug/${who.user.slug}`)).statusCode,
    companion: (await other.get(`/api/users/${id}`)).statusCode,
    story: (await other.get(`/api/stories/${who.story.id}`)).statusCode,
    inSearch: search.json<{ data: { id: number }[] }>().data.some((row) => row.id === id),
    inDiscover: discover.json<{ id: number }[]>().some((row) => row.id === id),
  };
}

describe('POST /api/users/me/deletion', () => {
  it('refuses a wrong password on its field, changing nothing', async () => {
    const { client: owner } = await signedUpUser(mailed.server);
    const wrong = await askDeletion(owner, 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      err_key: 'password_incorrect',
      errors: { password: ['password_incorrect'] },
    });
    const me = await owner.get('/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json<CurrentUser>().deletion_scheduled_for).toBeNull();
  });

  it('counts wrong passwords as failed sign-ins: past the limit, rate_limited', async () => {
    const { client: owner } = await signedUpUser(mailed.server);
    const limit = mailed.server.config.loginFailuresPerWindow;
    for (let i = 0; i < limit; i += 1) {
      expect((await askDeletion(owner, `wrong ${i}`)).statusCode).toBe(400);
    }
    const refused = await askDeletion(owner);
    expect([refused.statusCode, refused.json().err_key]).toEqual([429, 'rate_limited']);
  });

  it('asks an account with a second factor for a recent proof of it first', async () => {
    const { user, client: owner } = await signedUpUser(mailed.server);
    await mailed.server.ctx.db.insert(passkeys).values({
      userId: user.id,
      credentialId: randomBytes(16).toString('base64url'),
      publicKey: new Uint8Array(randomBytes(32)),
      name: 'Test key',
    });
    const refused = await askDeletion(owner);
    expect([refused.statusCode, refused.json().err_key]).toEqual([403, 'second_factor_required']);
    expect((await owner.get('/api/auth/me')).json<CurrentUser>().deletion_scheduled_for).toBeNull();

    // This session proved the factor a moment ago (POST /api/auth/2fa/verify writes it).
    await mailed.server.ctx.db
      .update(sessions)
      .set({ secondFactorAt: new Date() })
      .where(eq(sessions.userId, user.id));
    expect((await askDeletion(owner)).statusCode).toBe(200);
  });

  it('hides the account from everyone at once, ends every session and mails the date', async () => {
    const doomed = await findableCreator();
    const other = await signedUpUser(mailed.server);
    const elsewhere = await signIn(mailed.server, doomed.body.email);
    expect(await seenBy(other.client, doomed)).toEqual({
      profile: 200,
      companion: 200,
      story: 200,
      inSearch: true,
      inDiscover: true,
    });

    const asked = await askDeletion(doomed.client);
    expect(asked.statusCode, asked.body).toBe(200);
    const deletesAt = Date.parse(asked.json<{ deletes_at: string }>().deletes_at);
    expect(Math.abs(deletesAt - (Date.now() + ACCOUNT_DELETION_DAYS * DAY_MS))).toBeLessThan(
      60_000,
    );

    // Every session ended, this one's cookie cleared too.
    expect(doomed.client.cookie).toBeUndefined();
    expect((await elsewhere.get('/api/auth/me')).statusCode).toBe(401);

    expect(await seenBy(other.client, doomed)).toEqual({
      profile: 404,
      companion: 404,
      story: 404,
      inSearch: false,
      inDiscover: false,
    });
    const profile = await other.client.get(`/api/users/slug/${doomed.user.slug}`);
    expect(profile.json().err_key).toBe('user_not_found');
    // Nobody follows, subscribes, messages or tips it.
    const id = doomed.user.id;
    const follow = await other.client.post(`/api/users/${id}/follow`);
    expect([follow.statusCode, follow.json().err_key]).toEqual([404, 'user_not_found']);
    const subscribe = await other.client.request({
      method: 'POST',
      url: `/api/users/${id}/subscribe`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { period: 1 },
    });
    expect([subscribe.statusCode, subscribe.json().err_key]).toEqual([404, 'user_not_found']);
    const message = await other.client.post('/api/messages/send', {
      user_id: id,
      message: 'still there?',
      client_id: 'c1',
    });
    expect([message.statusCode, message.json().err_key]).toEqual([404, 'user_not_found']);
    await fundWallet(mailed.server, other.user.id, 1_000);
    const tip = await other.client.request({
      method: 'POST',
      url: '/api/tips',
      headers: { 'idempotency-key': randomUUID() },
      payload: { user_id: id, amount: 5 },
    });
    expect([tip.statusCode, tip.json().err_key]).toEqual([404, 'user_not_found']);

    const mail = await mailed.nextMail(doomed.body.email, subjectHas('will be deleted'));
    const content = mailContent(mail);
    expect(content).toContain(
      new Date(deletesAt).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );
    expect(content).toContain('Keep my account');
    // Its button opens Account security, where the owner, signed in, keeps the account.
    expect(mail.text).toContain(`${mailed.server.config.publicUrl}/me/settings/security`);
    expect(content).not.toContain(TEST_PASSWORD);
  });

  it('still signs in; the owner sees the date and may keep the account, which shows again', async () => {
    const doomed = await findableCreator();
    const other = await signedUpUser(mailed.server);
    const first = (await askDeletion(doomed.client)).json<{ deletes_at: string }>().deletes_at;

    const back = await signIn(mailed.server, doomed.body.email);
    const me = (await back.get('/api/auth/me')).json<CurrentUser>();
    expect(me.deletion_scheduled_for).toBe(first);
    // Its own profile and stories stay its own to see.
    expect((await back.get(`/api/users/slug/${doomed.user.slug}`)).statusCode).toBe(200);
    expect((await back.get(`/api/stories/${doomed.story.id}`)).statusCode).toBe(200);

    // Asking again keeps the first date (and signs out again).
    await mailed.server.ctx.db
      .update(users)
      .set({ deletionRequestedAt: sql`${users.deletionRequestedAt} - interval '2 days'` })
      .where(eq(users.id, doomed.user.id));
    const again = (await askDeletion(back)).json<{ deletes_at: string }>().deletes_at;
    expect(Date.parse(again)).toBe(Date.parse(first) - 2 * DAY_MS);

    const kept = await signIn(mailed.server, doomed.body.email);
    const cancel = await kept.delete('/api/users/me/deletion');
    expect([cancel.statusCode, cancel.json()]).toEqual([200, { success: true }]);
    expect((await kept.get('/api/auth/me')).json<CurrentUser>().deletion_scheduled_for).toBeNull();
    expect(await seenBy(other.client, doomed)).toMatchObject({
      profile: 200,
      story: 200,
      inSearch: true,
    });

    const twice = await kept.delete('/api/users/me/deletion');
    expect([twice.statusCode, twice.json().err_key]).toEqual([409, 'deletion_not_requested']);
  });

  it('needs a session', async () => {
    const anonymous = await mailed.server.app.inject({
      method: 'DELETE',
      url: '/api/users/me/deletion',
      headers: { origin: 'http://127.0.0.1:3999' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
