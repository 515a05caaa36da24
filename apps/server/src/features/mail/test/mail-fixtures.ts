import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { accountTokens, users } from '../../../db/schema/index.ts';
import type { TestServer } from '../../../test/harness.ts';
import { hashMailedToken, mailedToken } from '../mail-token.ts';
import type { MailLanguage } from '../mail-types.ts';

/** Tests only: accounts and mailed-link tokens written straight into the tables. */

export async function insertUser(
  server: TestServer,
  language: MailLanguage = 'en',
): Promise<{ id: number; email: string; name: string }> {
  const tag = randomBytes(6).toString('hex');
  const email = `mail-${tag}@example.com`;
  const name = language === 'de' ? 'Jürgen' : 'Ann';
  const [row] = await server.ctx.db
    .insert(users)
    .values({
      slug: `mail-${tag}`,
      name,
      email,
      passwordHash: 'not-a-hash',
      birthdate: '1990-01-01',
      sex: 'female',
      countryCode: 'de',
      language,
    })
    .returning({ id: users.id });
  return { id: row!.id, email, name };
}

/** An account token row as the auth feature writes one: its hash is of the derived token. */
export async function insertAccountToken(
  server: TestServer,
  userId: number,
  purpose: 'email_verify' | 'password_reset' | 'email_change' = 'email_verify',
): Promise<{ id: number; token: string }> {
  const [row] = await server.ctx.db
    .insert(accountTokens)
    .values({ userId, purpose, expiresAt: new Date(Date.now() + 30 * 60_000) })
    .returning({ id: accountTokens.id });
  const token = mailedToken(server.ctx.config.secret, row!.id);
  await server.ctx.db
    .update(accountTokens)
    .set({ tokenHash: hashMailedToken(token) })
    .where(eq(accountTokens.id, row!.id));
  return { id: row!.id, token };
}

/** A logger at the most verbose level whose lines the test can read. */
export function capturingLogger(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const log = pino({ level: 'trace' }, sink) as unknown as FastifyBaseLogger;
  return { log, lines };
}
