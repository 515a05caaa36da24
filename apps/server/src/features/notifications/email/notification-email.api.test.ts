import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../../db/schema/index.ts';
import { TEST_ORIGIN, type TestServer } from '../../../test/harness.ts';
import { recipientsOf } from '../../../test/smtp-sink.ts';
import { mailContent, startMailedServer, type MailedServer } from '../../auth/test/account-mail.ts';
import { unsubscribeToken } from '../../mail/index.ts';
import { creator, fundWallet, pay, viewer } from '../../money/test/index.ts';
import { confirmAddress } from '../../../test/factories.ts';
import { sweepDigests } from './digest.sweep.ts';
import { sendNotificationEmail } from './notification-email.job.ts';
import {
  emailModeOf,
  headerOf,
  lastDigestOf,
  lineOf,
  mailedUser,
  mailsOf,
  notifyNow,
  oneClickPath,
  setTimeZone,
  wait,
} from './test/email-fixtures.ts';

let mailed: MailedServer;
let server: TestServer;
beforeAll(async () => {
  mailed = await startMailedServer();
  server = mailed.server;
});
afterAll(async () => {
  await mailed?.stop();
});

const key = () => `test:${randomBytes(6).toString('hex')}`;

const tip = (userId: number, actorId: number, amount = 7.5) =>
  notifyNow(server, {
    userId,
    type: 'tip_received',
    actorId,
    subject: { kind: 'wallet', id: 1 },
    data: { amount },
    dedupeKey: key(),
  });

const story = (userId: number, creatorId: number, storyId = 1) =>
  notifyNow(server, {
    userId,
    type: 'story_posted',
    actorId: creatorId,
    subject: { kind: 'story', id: storyId },
    dedupeKey: key(),
  });

/** A one-click unsubscribe as a mail provider sends it: no session, no Origin, a form body. */
const oneClick = (path: string) =>
  server.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

const mailsTo = (email: string) =>
  mailed.sink.mails().filter((mail) => recipientsOf(mail).includes(email.toLowerCase()));

describe('a notification mailed at once', () => {
  it('a tip is mailed once, with its link and a one-click unsubscribe', async () => {
    const creator = await mailedUser(server);
    const tipper = await mailedUser(server);
    const id = (await tip(creator.id, tipper.id))!;

    const mail = await mailed.nextMail(creator.email);
    expect(mail.subject).toBe('Ann sent you a tip of $7.50');
    expect(mail.text).toContain(`Open in Glimpse:\n${TEST_ORIGIN}/wallet`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const token = unsubscribeToken(server.ctx.config.secret, creator.id, 'tip_received');
    expect(headerOf(mail, 'List-Unsubscribe')).toBe(
      `<${TEST_ORIGIN}/api/notifications/unsubscribe/${token}>`,
    );
    expect(mail.text).toContain(`${TEST_ORIGIN}/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/unsubscribe?token=${token}"`);
    expect((await lineOf(server, id)).emailedAt).not.toBeNull();

    // The job again (a retry, a second delivery): nothing more is queued or sent.
    await sendNotificationEmail(server.ctx, { notificationId: id });
    expect(await mailsOf(server, creator.id, 'notification')).toHaveLength(1);
    await wait(700);
    expect(mailsTo(creator.email)).toHaveLength(1);
    expect(mailsTo(tipper.email)).toHaveLength(0);
  });

  it('a real tip through the API mails its creator once', async () => {
    const target = await creator(server);
    await confirmAddress(server, target.id);
    const [row] = await server.ctx.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, target.id));
    const fan = await viewer(server);
    await fundWallet(server, fan.id, 2_000);
    const body = { user_id: target.id, amount: 12, message: 'For the show' };
    expect((await pay(fan.client, 'POST', '/api/tips', body, key())).statusCode).toBe(200);

    const mail = await mailed.nextMail(row!.email, (m) => (m.subject ?? '').includes('tip'));
    expect(mail.subject).toMatch(/ sent you a tip of \$12\.00$/);
    expect(mail.text).toContain(`Hi ${row!.name},`);
    await wait(700);
    expect(await mailsOf(server, target.id, 'notification')).toHaveLength(1);
    expect(mailsTo(row!.email).filter((m) => (m.subject ?? '').includes('tip'))).toHaveLength(1);
  });

  it('a German recipient reads it in German', async () => {
    const creator = await mailedUser(server, 'de');
    const tipper = await mailedUser(server);
    await tip(creator.id, tipper.id, 7.5);
    const mail = await mailed.nextMail(creator.email);
    expect(mail.subject).toMatch(/^Ann hat dir 7,50\s\$ Trinkgeld geschickt$/);
    expect(mail.text).toContain('Hallo Jürgen,');
    expect(mail.text).toContain('In Glimpse öffnen');
    expect(mail.text).toContain('Diese E-Mails abbestellen');
  });

  it('an unconfirmed address gets no mail; the line is settled all the same', async () => {
    const creator = await mailedUser(server);
    await server.ctx.db
      .update(users)
      .set({ emailVerifiedAt: null })
      .where(eq(users.id, creator.id));
    const id = (await tip(creator.id, (await mailedUser(server)).id))!;
    await sendNotificationEmail(server.ctx, { notificationId: id });
    expect((await lineOf(server, id)).emailedAt).not.toBeNull();
    expect(await mailsOf(server, creator.id, 'notification')).toHaveLength(0);
  });
});

describe('one-click unsubscribe', () => {
  it("turns that type's email off without a session; no more mails of it, others still come", async () => {
    const creator = await mailedUser(server);
    const tipper = await mailedUser(server);
    await tip(creator.id, tipper.id);
    const mail = await mailed.nextMail(creator.email);

    const response = await oneClick(oneClickPath(mail));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'tip_received' });
    expect(await emailModeOf(server, creator.id, 'tip_received')).toBe('off');
    // Said twice (a client retrying), it stays off.
    expect((await oneClick(oneClickPath(mail))).statusCode).toBe(200);

    const next = (await tip(creator.id, tipper.id, 3))!;
    expect(await lineOf(server, next)).toMatchObject({ emailDue: null, inApp: true });
    await notifyNow(server, {
      userId: creator.id,
      type: 'payout_paid',
      actorId: null,
      subject: { kind: 'wallet', id: 2 },
      data: { amount: 40 },
      dedupeKey: key(),
    });
    const payout = await mailed.nextMail(creator.email);
    expect(payout.subject).toBe('Your payout of $40.00 was paid');
    expect(await mailsOf(server, creator.id, 'notification')).toHaveLength(2);
    expect(mailsTo(creator.email).map((m) => m.subject)).not.toContain(
      'Ann sent you a tip of $3.00',
    );
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const victim = await mailedUser(server);
    const attacker = await mailedUser(server);
    const secret = server.ctx.config.secret;
    const own = unsubscribeToken(secret, attacker.id, 'tip_received');
    const forged = [
      own.replace(`${attacker.id}.`, `${victim.id}.`),
      unsubscribeToken('not-the-secret', victim.id, 'tip_received'),
      unsubscribeToken(secret, victim.id, 'tip_received').replace('tip_received', 'payout_paid'),
      unsubscribeToken(secret, victim.id, 'everything'),
    ];
    for (const token of forged) {
      const response = await oneClick(`/api/notifications/unsubscribe/${token}`);
      expect(response.statusCode, token).toBe(400);
      expect(response.json(), token).toMatchObject({ err_key: 'token_invalid' });
    }
    expect(await emailModeOf(server, victim.id, 'tip_received')).toBeUndefined();
    expect(await emailModeOf(server, victim.id, 'payout_paid')).toBeUndefined();
  });
});

describe('the daily digest', () => {
  it('gathers the unread digest lines into one mail by type, capped; a second sweep sends nothing', async () => {
    const fan = await mailedUser(server);
    const [anna, ben, seen] = [
      await mailedUser(server),
      await mailedUser(server),
      await mailedUser(server),
    ];
    await story(fan.id, anna.id, 11);
    await story(fan.id, ben.id, 12);
    // Read in the app before the digest: the user has seen it; it is not mailed.
    const read = (await story(fan.id, seen.id, 13))!;
    await server.ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.id, read));
    for (let i = 0; i < 7; i += 1) {
      await notifyNow(server, {
        userId: fan.id,
        type: 'story_purchased',
        actorId: (await mailedUser(server)).id,
        subject: { kind: 'story', id: 100 + i },
        data: { amount: 2 },
        dedupeKey: key(),
      });
    }
    for (let i = 0; i < 3; i += 1) {
      await notifyNow(server, {
        userId: fan.id,
        type: 'subscriber_new',
        actorId: (await mailedUser(server)).id,
        subject: { kind: 'user', id: 1 },
        dedupeKey: key(),
        groupKey: 'subscriber_new',
      });
    }

    const first = await sweepDigests(server.ctx, { hour: 0 });
    expect(first.mailed).toBeGreaterThanOrEqual(1);
    const mail = await mailed.nextMail(fan.email);
    expect(mail.subject).toBe('Your Glimpse digest: 10 new notifications');
    const text = mail.text ?? '';
    expect(text).toContain('New stories');
    expect(text).toContain(`${TEST_ORIGIN}/u/${anna.slug}?story=11`);
    expect(text).toContain(`${TEST_ORIGIN}/u/${ben.slug}?story=12`);
    expect(text).not.toContain(`/u/${seen.slug}?story=13`);
    expect(text).toContain('Story purchases');
    expect(text.match(/bought your story/g)).toHaveLength(5);
    expect(text).toContain('and 2 more');
    expect(text).toContain('Ann and 2 others subscribed to you');
    expect(text.indexOf('New stories')).toBeLessThan(text.indexOf('Story purchases'));
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mailContent(mail)).toContain('/unsubscribe?token=');

    const pending = await server.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, fan.id));
    expect(pending.filter((line) => line.emailedAt === null)).toEqual([]);
    expect(await lastDigestOf(server, fan.id)).not.toBeNull();

    // Swept again (another node, a retry), and with a new line the same day: no second digest.
    await sweepDigests(server.ctx, { hour: 0 });
    await story(fan.id, anna.id, 14);
    await sweepDigests(server.ctx, { hour: 0 });
    expect(await mailsOf(server, fan.id, 'notification_digest')).toHaveLength(1);
    await wait(700);
    expect(mailsTo(fan.email)).toHaveLength(1);
  });

  it("waits for the local hour in the user's time zone, and goes once a day", async () => {
    const berlin = await mailedUser(server);
    const utc = await mailedUser(server);
    const creator = await mailedUser(server);
    await setTimeZone(server, berlin.id, 'Europe/Berlin');
    await story(berlin.id, creator.id, 21);
    await story(utc.id, creator.id, 22);

    // 07:30 UTC is 08:30 in Berlin: Berlin's digest goes, the UTC user's waits for 08:00.
    await sweepDigests(server.ctx, { now: new Date('2026-01-10T07:30:00Z') });
    expect(await mailsOf(server, berlin.id, 'notification_digest')).toHaveLength(1);
    expect(await mailsOf(server, utc.id, 'notification_digest')).toHaveLength(0);

    await story(berlin.id, creator.id, 23);
    await sweepDigests(server.ctx, { now: new Date('2026-01-10T08:10:00Z') });
    expect(await mailsOf(server, utc.id, 'notification_digest')).toHaveLength(1);
    expect(await mailsOf(server, berlin.id, 'notification_digest')).toHaveLength(1);

    // The next morning in Berlin the waiting line goes.
    await sweepDigests(server.ctx, { now: new Date('2026-01-11T07:05:00Z') });
    expect(await mailsOf(server, berlin.id, 'notification_digest')).toHaveLength(2);
    const second = await mailed.nextMail(berlin.email, (m) => (m.text ?? '').includes('story=23'));
    expect(second.subject).toBe('Your Glimpse digest: 1 new notification');
  });

  it('a German digest reads German', async () => {
    const fan = await mailedUser(server, 'de');
    await story(fan.id, (await mailedUser(server)).id, 31);
    await sweepDigests(server.ctx, { hour: 0 });
    const mail = await mailed.nextMail(fan.email);
    expect(mail.subject).toBe('Deine Glimpse-Zusammenfassung: 1 neue Benachrichtigung');
    expect(mail.text).toContain('Neue Storys');
    expect(mail.text).toContain('Ann hat eine neue Story gepostet');
  });

  it("the digest's unsubscribe turns every digest type off and leaves mails at once alone", async () => {
    const fan = await mailedUser(server);
    const creator = await mailedUser(server);
    await story(fan.id, creator.id, 41);
    await sweepDigests(server.ctx, { hour: 0 });
    const mail = await mailed.nextMail(fan.email);

    const response = await oneClick(oneClickPath(mail));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ type: 'digest' });
    for (const type of ['story_posted', 'story_purchased', 'subscriber_new'])
      expect(await emailModeOf(server, fan.id, type), type).toBe('off');
    expect(await emailModeOf(server, fan.id, 'tip_received')).toBeUndefined();
    const next = (await story(fan.id, creator.id, 42))!;
    expect((await lineOf(server, next)).emailDue).toBeNull();
  });
});
