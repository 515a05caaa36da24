import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatListItem } from '@glimpse/contract';
import {
  dataExports,
  follows,
  ledgerAccounts,
  ledgerEntries,
  mediaObjects,
  passkeys,
  sessions,
  stories,
  subscriptions,
  userTags,
  users,
} from '../../db/schema/index.ts';
import { seedBlob, seedFollow, seedStory } from '../../test/access-fixtures.ts';
import { signedUpUser, TEST_PASSWORD } from '../../test/factories.ts';
import { client, startTestServer, type TestServer } from '../../test/harness.ts';
import {
  accounts,
  balanceCents,
  creator,
  fundWallet,
  ledgerViolations,
  pay,
  sweepSubscriptions,
  viewer,
} from '../money/test/index.ts';
import { checkAccess } from '../access/index.ts';
import { eraseDueAccounts } from './account-erasure.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Asks for the deletion over the API, then moves the request `days` into the past. */
async function deletionAskedDaysAgo(c: ReturnType<typeof client>, userId: number, days: number) {
  const asked = await c.post('/api/users/me/deletion', { password: TEST_PASSWORD });
  expect(asked.statusCode, asked.body).toBe(200);
  await server.ctx.db
    .update(users)
    .set({ deletionRequestedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(users.id, userId));
}

/** Every ledger entry on the user's accounts: what accounting keeps. */
async function ledgerOf(userId: number) {
  return server.ctx.db
    .select({ id: ledgerEntries.id, amount: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerAccounts.ownerId, userId))
    .orderBy(ledgerEntries.id);
}

async function userRow(id: number) {
  const [row] = await server.ctx.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('the erasure, ACCOUNT_DELETION_DAYS after the request', () => {
  it('waits for the date: an account asked 29 days ago is only hidden', async () => {
    const { user, client: c } = await signedUpUser(server);
    await deletionAskedDaysAgo(c, user.id, 29);
    expect(await eraseDueAccounts(server.ctx)).not.toContain(user.id);
    const row = await userRow(user.id);
    expect(row.deletedAt).toBeNull();
    expect(row.name).toBe('Test User');
  });

  it("erases the person's data and blobs, keeps ledger rows, and the messages others received", async () => {
    const seller = await creator(server, { subscribePriceCents: 400 });
    const fan = await signedUpUser(server, { name: 'Rosa Example' });
    const friend = await signedUpUser(server);
    const fanId = fan.user.id;

    // Money moved: a top-up and a subscription.
    await fundWallet(server, fanId, 2_000);
    const subscribed = await pay(fan.client, 'POST', `/api/users/${seller.id}/subscribe`, {
      period: 1,
    });
    expect(subscribed.statusCode).toBe(200);
    // What is the person's own: an avatar, stories with media, tags, follows, an export
    // archive; and a voice message the friend received.
    const avatarKey = await seedBlob(server, {
      ownerId: fanId,
      kind: 'avatar',
      contentType: 'image/webp',
    });
    await server.ctx.db
      .update(users)
      .set({ avatarKey, bio: 'I like long walks', subscribePriceCents: 300 })
      .where(eq(users.id, fanId));
    const story = await seedStory(server, fanId);
    await server.ctx.db
      .update(stories)
      .set({ text: 'my holiday #beach', tags: ['beach'] })
      .where(eq(stories.id, story.id));
    await server.ctx.db.insert(userTags).values({ userId: fanId, tagId: 1 }).onConflictDoNothing();
    await seedFollow(server, fanId, seller.id);
    await seedFollow(server, friend.user.id, fanId);
    const archiveKey = await seedBlob(server, {
      ownerId: fanId,
      kind: 'data_export',
      contentType: 'application/zip',
    });
    await server.ctx.db
      .insert(dataExports)
      .values({ userId: fanId, status: 'ready', progress: 100, blobKey: archiveKey });
    const voiceKey = await seedBlob(server, {
      ownerId: fanId,
      kind: 'message_audio',
      contentType: 'audio/webm',
    });
    const sent = await fan.client.post('/api/messages/send', {
      user_id: friend.user.id,
      message: 'see you tomorrow',
      client_id: 'm1',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const chatId = sent.json<{ chat_id: number }>().chat_id;

    const ledgerBefore = await ledgerOf(fanId);
    const walletBefore = await balanceCents(server.ctx, accounts.wallet(fanId));
    expect(ledgerBefore.length).toBeGreaterThan(0);
    expect(walletBefore).toBe(1_600);

    await deletionAskedDaysAgo(fan.client, fanId, 31);
    // A passkey set up meanwhile (sign-in material goes with the account).
    await server.ctx.db.insert(passkeys).values({
      userId: fanId,
      credentialId: randomUUID(),
      publicKey: new Uint8Array([1, 2, 3]),
      name: 'Phone',
    });
    // Signed in again meanwhile without cancelling: that session ends with the erasure.
    const again = client(server);
    expect(
      (await again.post('/api/auth/login', { email: fan.body.email, password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);

    expect(await eraseDueAccounts(server.ctx)).toContain(fanId);

    const row = await userRow(fanId);
    expect(row).toMatchObject({
      name: 'Deleted account',
      slug: `deleted.${fanId}`,
      email: `deleted.${fanId}@deleted.invalid`,
      bio: '',
      avatarKey: null,
      subscribePriceCents: null,
      birthdate: '1900-01-01',
      emailVerifiedAt: null,
    });
    expect(row.deletedAt).not.toBeNull();
    expect(row.passwordHash).not.toMatch(/^\$argon2/);
    // Nobody signs in as it, with the old address or the new one.
    for (const email of [fan.body.email, row.email]) {
      const login = await client(server).post('/api/auth/login', {
        email,
        password: TEST_PASSWORD,
      });
      expect(login.statusCode).toBe(401);
    }
    expect((await again.get('/api/auth/me')).statusCode).toBe(401);
    const left = await server.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, fanId));
    expect(left[0]!.n).toBe(0);

    // Its blobs are gone (and their rows); the voice message the friend received stays.
    for (const key of [avatarKey, story.imageKey, story.sourceKey, archiveKey]) {
      expect(await server.ctx.blobs.stat(key), key).toBeUndefined();
    }
    expect(await server.ctx.blobs.stat(voiceKey)).toBeDefined();
    const mediaLeft = await server.ctx.db
      .select({ kind: mediaObjects.kind })
      .from(mediaObjects)
      .where(eq(mediaObjects.ownerId, fanId));
    expect(mediaLeft).toEqual([{ kind: 'message_audio' }]);
    expect(
      await server.ctx.db.select().from(dataExports).where(eq(dataExports.userId, fanId)),
    ).toEqual([]);
    const [storyRow] = await server.ctx.db.select().from(stories).where(eq(stories.id, story.id));
    expect([storyRow!.text, storyRow!.tags]).toEqual(['', []]);
    expect(
      await server.ctx.db
        .select()
        .from(follows)
        .where(or(eq(follows.followerId, fanId), eq(follows.creatorId, fanId))),
    ).toEqual([]);
    expect(await server.ctx.db.select().from(userTags).where(eq(userTags.userId, fanId))).toEqual(
      [],
    );
    expect(await server.ctx.db.select().from(passkeys).where(eq(passkeys.userId, fanId))).toEqual(
      [],
    );

    // Accounting keeps every ledger row and the balance, on the anonymised account.
    expect(await ledgerOf(fanId)).toEqual(ledgerBefore);
    expect(await balanceCents(server.ctx, accounts.wallet(fanId))).toBe(walletBefore);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
    // The subscription bought stays a purchase on the books.
    const bought = await server.ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.subscriberId, fanId), eq(subscriptions.creatorId, seller.id)));
    expect(bought).toHaveLength(1);

    // The friend keeps the chat and the message, from a deleted account.
    const chats = (await friend.client.get('/api/chats')).json<ChatListItem[]>();
    const chat = chats.find((each) => each.chat_id === chatId)!;
    expect(chat.companion.name).toBe('Deleted account');
    expect(chat.last_message).toMatchObject({
      message: 'see you tomorrow',
      sender_name: 'Deleted account',
    });
    const loaded = await friend.client.get(`/api/chats/load?chat_id=${chatId}`);
    expect(loaded.statusCode).toBe(200);

    // Done once: a second sweep finds nothing, and the account cannot be kept any more.
    expect(await eraseDueAccounts(server.ctx)).toEqual([]);
    expect((await userRow(fanId)).deletedAt).toEqual(row.deletedAt);
  });

  it('an account kept before the date is not erased', async () => {
    const { user, client: c, body } = await signedUpUser(server);
    await deletionAskedDaysAgo(c, user.id, 31);
    const back = client(server);
    await back.post('/api/auth/login', { email: body.email, password: TEST_PASSWORD });
    expect((await back.delete('/api/users/me/deletion')).statusCode).toBe(200);
    expect(await eraseDueAccounts(server.ctx)).not.toContain(user.id);
    expect((await userRow(user.id)).email).toBe(body.email);
  });

  it('deletes blobs a sweep left behind on the next one', async () => {
    const { user, client: c } = await signedUpUser(server);
    const key = await seedBlob(server, {
      ownerId: user.id,
      kind: 'avatar',
      contentType: 'image/webp',
    });
    await deletionAskedDaysAgo(c, user.id, 31);
    // A sweep that fails to delete a blob leaves the account erased and its row in place.
    const blobs = server.ctx.blobs;
    const failing = Object.create(blobs) as typeof blobs;
    failing.delete = () => Promise.reject(new Error('disk unavailable'));
    await expect(eraseDueAccounts({ ...server.ctx, blobs: failing })).rejects.toThrow(
      'disk unavailable',
    );
    expect((await userRow(user.id)).deletedAt).not.toBeNull();
    expect(await blobs.stat(key)).toBeDefined();

    expect(await eraseDueAccounts(server.ctx)).toEqual([]);
    expect(await blobs.stat(key)).toBeUndefined();
    expect(
      await server.ctx.db
        .select()
        .from(mediaObjects)
        .where(inArray(mediaObjects.key, [key])),
    ).toEqual([]);
  });
});

describe('subscriptions of an account being deleted', () => {
  /** Moves the pair's paid time into the past, as if it had run out. */
  async function runOut(subscriberId: number, creatorId: number) {
    await server.ctx.db
      .update(subscriptions)
      .set({
        startsAt: sql`now() - interval '40 days'`,
        expiresAt: sql`now() - interval '1 second'`,
      })
      .where(
        and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.creatorId, creatorId)),
      );
  }

  it('do not renew, to it or from it; its paid time runs to the end', async () => {
    const leaving = await creator(server, { subscribePriceCents: 500 });
    const staying = await creator(server, { subscribePriceCents: 700 });
    const fan = await viewer(server);
    const leavingFan = await viewer(server);
    await fundWallet(server, fan.id, 5_000);
    await fundWallet(server, leavingFan.id, 5_000);
    for (const [payer, seller] of [
      [fan, leaving],
      [leavingFan, staying],
      [fan, staying],
    ] as const) {
      const paid = await pay(payer.client, 'POST', `/api/users/${seller.id}/subscribe`, {
        period: 1,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const fanWallet = await balanceCents(server.ctx, accounts.wallet(fan.id));
    const leavingWallet = await balanceCents(server.ctx, accounts.wallet(leavingFan.id));

    const priced = await seedStory(server, staying.id, { priceCents: 300 });
    for (const who of [leaving, leavingFan]) {
      const asked = await who.client.post('/api/users/me/deletion', { password: TEST_PASSWORD });
      expect(asked.statusCode).toBe(200);
    }
    // Until the paid time runs out the subscription stands: what it opened stays open.
    const open = await checkAccess(server.ctx, leavingFan.id, 'story.content', [priced.id]);
    expect(open.has(priced.id)).toBe(true);

    await runOut(fan.id, leaving.id);
    await runOut(leavingFan.id, staying.id);
    await runOut(fan.id, staying.id);
    const outcomes = [...(await sweepSubscriptions(server.ctx)).values()];
    expect(outcomes.filter((o) => o === 'cancelled')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'renewed')).toHaveLength(1);
    // Only the subscription between two staying accounts was paid again.
    expect(await balanceCents(server.ctx, accounts.wallet(fan.id))).toBe(fanWallet - 700);
    expect(await balanceCents(server.ctx, accounts.wallet(leavingFan.id))).toBe(leavingWallet);
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});
