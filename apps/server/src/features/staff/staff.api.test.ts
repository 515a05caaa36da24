import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, users } from '../../db/schema/index.ts';
import { client } from '../../test/harness.ts';
import { signedUpUser } from '../../test/factories.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../platform/db/database.ts';
import { createAccount } from '../users/index.ts';
import { ensureReferenceData } from '../reference/reference.service.ts';
import { nextLink, startMailedServer, type MailedServer } from '../auth/test/account-mail.ts';
import {
  applyAdminEmails,
  grantRole,
  parseAdminCommand,
  revokeRole,
  StaffCommandError,
} from './index.ts';

const BOSS = 'boss@glimpse.example';
let mailed: MailedServer;
beforeAll(async () => {
  mailed = await startMailedServer({ adminEmails: [BOSS] });
});
afterAll(async () => {
  await mailed?.stop();
});

const roleOf = async (id: number) =>
  (await mailed.server.ctx.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]
    ?.role;
const linesAbout = (id: number) =>
  mailed.server.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectUserId, id))
    .orderBy(auditLog.id);
const consoleStatus = async (c: ReturnType<typeof client>) =>
  (await c.get('/api/moderation/queue')).statusCode;

describe('ADMIN_EMAILS', () => {
  it('makes the account an admin only once the listed address is confirmed', async () => {
    const boss = await signedUpUser(
      mailed.server,
      { email: 'Boss@Glimpse.example' },
      { confirmed: false },
    );
    expect(await roleOf(boss.user.id)).toBe('user');
    expect(await consoleStatus(boss.client)).toBe(403);

    const token = await nextLink(mailed, 'boss@glimpse.example', '/verify-email');
    expect((await client(mailed.server).post('/api/auth/email/verify', { token })).statusCode).toBe(
      200,
    );
    expect(await roleOf(boss.user.id)).toBe('admin');
    expect(await consoleStatus(boss.client)).toBe(200);
    const lines = await linesAbout(boss.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      actorId: null,
      action: 'grant_role',
      targetKind: 'user',
      targetId: boss.user.id,
      details: { role: 'admin', previous: 'user', via: 'admin_emails' },
    });
  });

  it('at start-up, makes admins of listed addresses confirmed before they were listed', async () => {
    const early = await signedUpUser(mailed.server);
    const unconfirmed = await signedUpUser(mailed.server, {}, { confirmed: false });
    const config = {
      ...mailed.server.config,
      adminEmails: [early.body.email.toLowerCase(), unconfirmed.body.email.toLowerCase()],
    };
    expect(await applyAdminEmails({ db: mailed.server.ctx.db, config })).toBe(1);
    expect(await roleOf(early.user.id)).toBe('admin');
    expect(await roleOf(unconfirmed.user.id)).toBe('user');
    // A second start grants nothing again.
    expect(await applyAdminEmails({ db: mailed.server.ctx.db, config })).toBe(0);
    expect(await linesAbout(early.user.id)).toHaveLength(1);
  });

  it('grants nothing to an unlisted address, confirmed or not', async () => {
    const someone = await signedUpUser(mailed.server);
    expect(await roleOf(someone.user.id)).toBe('user');
    expect(await consoleStatus(someone.client)).toBe(403);
    expect(await linesAbout(someone.user.id)).toEqual([]);
  });
});

describe('npm run admin -- grant|revoke', () => {
  it('grants and revokes roles, each change one audit line, a repeat none', async () => {
    const person = await signedUpUser(mailed.server);
    const ctx = mailed.server.ctx;
    expect(await grantRole(ctx, person.body.email.toUpperCase(), 'moderator')).toEqual({
      userId: person.user.id,
      changed: true,
    });
    expect(await roleOf(person.user.id)).toBe('moderator');
    expect(await consoleStatus(person.client)).toBe(200);
    expect((await grantRole(ctx, person.body.email, 'moderator')).changed).toBe(false);
    await grantRole(ctx, person.body.email, 'admin');
    expect(await revokeRole(ctx, person.body.email)).toEqual({
      userId: person.user.id,
      changed: true,
    });
    expect(await roleOf(person.user.id)).toBe('user');
    expect(await consoleStatus(person.client)).toBe(403);
    const lines = await linesAbout(person.user.id);
    expect(lines.map((line) => [line.action, line.details])).toEqual([
      ['grant_role', { role: 'moderator', previous: 'user', via: 'command' }],
      ['grant_role', { role: 'admin', previous: 'moderator', via: 'command' }],
      ['revoke_role', { previous: 'admin', via: 'command' }],
    ]);
    await expect(grantRole(ctx, 'nobody@glimpse.example', 'admin')).rejects.toThrow(
      StaffCommandError,
    );
  });

  it('parses only the documented command lines', () => {
    expect(parseAdminCommand(['grant', 'a@b.c', 'moderator'])).toEqual({
      verb: 'grant',
      email: 'a@b.c',
      role: 'moderator',
    });
    expect(parseAdminCommand(['revoke', 'a@b.c'])).toEqual({ verb: 'revoke', email: 'a@b.c' });
    for (const args of [
      [],
      ['grant', 'a@b.c'],
      ['grant', 'a@b.c', 'user'],
      ['grant', 'not-an-address', 'admin'],
      ['revoke', 'a@b.c', 'admin'],
      ['promote', 'a@b.c', 'admin'],
    ])
      expect(() => parseAdminCommand(args)).toThrow(StaffCommandError);
  });

  it('runs as a command: usage errors exit 2 before any database is opened', async () => {
    const root = new URL('../../../../../', import.meta.url).pathname;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        `${root}node_modules/.bin/tsx`,
        ['apps/server/src/admin-command.ts', 'grant'],
        { cwd: root },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('usage: npm run admin -- grant <email> moderator|admin');
  });
});

describe('the admin command against a database on disk', () => {
  it('grants and revokes through npm run admin, each change an audit line', async () => {
    const root = new URL('../../../../../', import.meta.url).pathname;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'glimpse-admin-'));
    const command = (...args: string[]) =>
      new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          `${root}node_modules/.bin/tsx`,
          ['apps/server/src/admin-command.ts', ...args],
          { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
          (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
        );
      });
    try {
      const open = () => openDatabase({ pgliteDir: path.join(dataDir, 'db') });
      let database = await open();
      await ensureReferenceData({ db: database.db });
      const user = await createAccount(
        { db: database.db },
        {
          email: 'mod@glimpse.example',
          passwordHash: 'x',
          name: 'Mod',
          birthdate: '1990-01-01',
          sex: 'female',
          countryCode: 'de',
        },
      );
      await database.close();
      const granted = await command('grant', 'mod@glimpse.example', 'moderator');
      expect(granted.code).toBe(0);
      expect(granted.stdout).toContain('is now moderator');
      expect((await command('revoke', 'mod@glimpse.example')).code).toBe(0);
      expect((await command('grant', 'nobody@glimpse.example', 'admin')).code).toBe(1);

      database = await open();
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      const lines = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectUserId, user.id))
        .orderBy(auditLog.id);
      await database.close();
      expect(row!.role).toBe('user');
      expect(lines.map((line) => [line.action, line.actorId])).toEqual([
        ['grant_role', null],
        ['revoke_role', null],
      ]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('the audit log', () => {
  it('is append-only: the database refuses UPDATE and DELETE', async () => {
    const person = await signedUpUser(mailed.server);
    await grantRole(mailed.server.ctx, person.body.email, 'moderator');
    const db = mailed.server.ctx.db;
    await expect(
      db.execute(
        sql`update audit_log set note = 'rewritten' where subject_user_id = ${person.user.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from audit_log where subject_user_id = ${person.user.id}`),
    ).rejects.toThrow();
    const lines = await linesAbout(person.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.note).toBe('command line');
  });
});
