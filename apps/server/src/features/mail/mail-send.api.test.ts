import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails } from '../../db/schema/index.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { linkIn, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { hashMailedToken, queueMail, type MailToQueue } from './index.ts';
import { insertMail } from './mails.repository.ts';
import { sendQueuedMail } from './mail-send.job.ts';
import { SmtpMailer } from './smtp-mailer.ts';
import { capturingLogger, insertAccountToken, insertUser } from './test/mail-fixtures.ts';

let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ smtpUrl: sink.url });
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

async function queue(mail: MailToQueue): Promise<number> {
  return inTransaction(server.ctx.db, (tx, effects) => queueMail(tx, effects, mail));
}

async function mailRow(id: number) {
  const [row] = await server.ctx.db.select().from(mails).where(eq(mails.id, id));
  return row!;
}

describe('mail.send through SMTP', () => {
  it('sends a queued mail as multipart text and HTML, with a link whose token matches the stored hash', async () => {
    const user = await insertUser(server, 'en');
    const accountToken = await insertAccountToken(server, user.id, 'email_verify');
    const mailId = await queue({
      userId: user.id,
      to: user.email,
      template: 'email_verify',
      params: { name: user.name, expires_minutes: 1440 },
      accountTokenId: accountToken.id,
    });

    const mail = await sink.waitForMail(user.email);
    expect(mail.subject).toBe('Confirm your email address');
    expect(mail.from?.value).toEqual([{ name: 'Glimpse', address: 'no-reply@127.0.0.1' }]);
    expect(mail.messageId).toBe(`<mail-${mailId}@127.0.0.1>`);
    expect(mail.text).toContain(`Hi ${user.name},`);
    expect(mail.text).toContain('for 24 hours');
    expect(mail.html).toContain('Confirm email address');
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });

    const token = linkIn(mail, '/verify-email');
    expect(token).toHaveLength(43);
    expect(token).toBe(accountToken.token);
    expect(mail.text).toContain(`${server.config.publicUrl}/verify-email?token=${token}`);
    // The button and the written-out link in the HTML part carry the same link.
    expect(mail.html).toContain(`href="${server.config.publicUrl}/verify-email?token=${token}"`);
    const [stored] = await server.ctx.database
      .executeSql<{ token_hash: string }>('select token_hash from account_tokens where id = $1', [
        accountToken.id,
      ])
      .then((result) => result.rows);
    expect(stored!.token_hash).toBe(hashMailedToken(token));

    await server.ctx.jobs.drain();
    const row = await mailRow(mailId);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.messageId).toBe(mail.messageId);
  });

  it("writes a German user's mail in German, with the reset page's link", async () => {
    const user = await insertUser(server, 'de');
    const accountToken = await insertAccountToken(server, user.id, 'password_reset');
    await queue({
      userId: user.id,
      to: user.email,
      template: 'password_reset',
      params: { name: user.name, expires_minutes: 30 },
      accountTokenId: accountToken.id,
    });
    const mail = await sink.waitForMail(user.email);
    expect(mail.subject).toBe('Setze dein Glimpse-Passwort zurück');
    expect(mail.text).toContain('Hallo Jürgen,');
    expect(mail.text).toContain('30 Minuten');
    expect(mail.html).toContain('lang="de"');
    expect(mail.html).toContain('Neues Passwort wählen');
    expect(linkIn(mail, '/reset-password')).toBe(accountToken.token);
  });

  it('writes a mail without an account in English, and a notice without any link', async () => {
    const to = `nobody-${Date.now()}@example.com`;
    await queue({
      userId: null,
      to,
      template: 'email_change_notice',
      params: { new_email: 'new@example.com' },
    });
    const mail = await sink.waitForMail(to);
    expect(mail.subject).toBe('Your Glimpse email address is being changed');
    expect(mail.text).toContain('new@example.com');
    expect(mail.text).not.toContain('token=');
    expect(() => linkIn(mail, '/verify-email')).toThrow();
  });

  it('sends a mail once when its job runs twice, and records how it went out', async () => {
    const user = await insertUser(server, 'en');
    // Written without its job, so only the two runs below can send it.
    const mailId = await insertMail(server.ctx.db, {
      userId: user.id,
      toAddress: user.email,
      template: 'password_changed',
      params: { name: user.name },
      accountTokenId: null,
    });
    const mailer = new SmtpMailer(sink.url);
    await sendQueuedMail(server.ctx, mailer, { mailId });
    await sendQueuedMail(server.ctx, mailer, { mailId });
    await sink.waitForMail(user.email);
    // Give a second mail, had one gone out, the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const received = sink.mails().filter((m) => m.messageId === `<mail-${mailId}@127.0.0.1>`);
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toBe('Your Glimpse password was changed');
  });

  it('throws when the SMTP server cannot take the mail, and leaves it unsent for the retry', async () => {
    const user = await insertUser(server, 'en');
    const mailId = await insertMail(server.ctx.db, {
      userId: user.id,
      toAddress: user.email,
      template: 'password_changed',
      params: {},
      accountTokenId: null,
    });
    const closed = await startSmtpSink();
    await closed.close();
    await expect(
      sendQueuedMail(server.ctx, new SmtpMailer(closed.url), { mailId }),
    ).rejects.toThrow();
    expect((await mailRow(mailId)).sentAt).toBeNull();
  });

  it('queues nothing when the transaction rolls back', async () => {
    const user = await insertUser(server, 'en');
    await expect(
      inTransaction(server.ctx.db, async (tx, effects) => {
        await queueMail(tx, effects, {
          userId: user.id,
          to: user.email,
          template: 'password_changed',
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await server.ctx.jobs.drain();
    const rows = await server.ctx.db.select().from(mails).where(eq(mails.userId, user.id));
    expect(rows).toEqual([]);
    const { rows: jobs } = await server.ctx.database.executeSql<{ n: number }>(
      `select count(*)::int as n from pgboss.job where name = 'mail.send'
         and (data->>'mailId')::bigint not in (select id from mails)`,
    );
    expect(jobs[0]!.n).toBe(0);
    expect(sink.mails().filter((m) => m.to && JSON.stringify(m.to).includes(user.email))).toEqual(
      [],
    );
  });

  it('keeps the token out of the log, the mails table and the job queue', async () => {
    const { log, lines } = capturingLogger();
    const silent = server.ctx.log;
    server.ctx.log = log;
    try {
      const user = await insertUser(server, 'en');
      const accountToken = await insertAccountToken(server, user.id, 'password_reset');
      const mailId = await queue({
        userId: user.id,
        to: user.email,
        template: 'password_reset',
        params: { name: user.name },
        accountTokenId: accountToken.id,
      });
      const mail = await sink.waitForMail(user.email);
      await server.ctx.jobs.drain();
      expect(linkIn(mail, '/reset-password')).toBe(accountToken.token);

      expect(lines.join('')).toContain(`"mailId":${mailId}`);
      expect(lines.join('')).not.toContain(accountToken.token);
      expect(lines.join('')).not.toContain(user.email);
      const { rows } = await server.ctx.database.executeSql<{ dump: string }>(
        `select (select string_agg(m::text, ' ') from mails m)
             || coalesce((select string_agg(j.data::text, ' ') from pgboss.job j), '')
             || coalesce((select string_agg(o::text, ' ') from outbox o), '') as dump`,
      );
      expect(rows[0]!.dump).toContain(user.email);
      expect(rows[0]!.dump).not.toContain(accountToken.token);
      expect(rows[0]!.dump).not.toContain(hashMailedToken(accountToken.token));
    } finally {
      server.ctx.log = silent;
    }
  });
});

describe('queueMail', () => {
  it('writes the row and its job in the same transaction', async () => {
    const user = await insertUser(server, 'en');
    const mailId = await inTransaction(server.ctx.db, async (tx, effects) => {
      const id = await queueMail(tx, effects, {
        userId: user.id,
        to: user.email,
        template: 'password_changed',
        params: { name: user.name },
      });
      const [inside] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(mails)
        .where(eq(mails.id, id));
      expect(inside!.n).toBe(1);
      return id;
    });
    expect(await mailRow(mailId)).toMatchObject({
      toAddress: user.email,
      template: 'password_changed',
      params: { name: user.name },
      accountTokenId: null,
    });
    await sink.waitForMail(user.email);
  });
});
