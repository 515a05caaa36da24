import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../../platform/db/database.ts';

export interface StoredAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

type AnswerRow = {
  fingerprint: string;
  status: number;
  body: unknown;
};

const toAnswer = (row: AnswerRow): StoredAnswer => ({
  fingerprint: row.fingerprint,
  status: Number(row.status),
  // PGlite hands jsonb back parsed, node-postgres too; a string would be a double-encoded body.
  body: row.body,
});

export async function findAnswer(
  db: DbOrTx,
  userId: number,
  key: string,
): Promise<StoredAnswer | undefined> {
  const result = await db.execute<AnswerRow>(sql`
    select fingerprint, status, body from idempotent_requests where user_id = ${userId} and key = ${key}`);
  const row = result.rows[0];
  return row ? toAnswer(row) : undefined;
}

/**
 * Claims the key for this transaction (the answer is filled in by `storeAnswer` before
 * commit). False when another request holds it: if that one is still running, this waits for
 * its outcome, so it returns false only once the other has committed.
 */
export async function claimKey(
  tx: Tx,
  userId: number,
  key: string,
  fingerprint: string,
): Promise<boolean> {
  const result = await tx.execute(sql`
    insert into idempotent_requests (user_id, key, fingerprint, status, body)
    values (${userId}, ${key}, ${fingerprint}, 0, 'null'::jsonb)
    on conflict do nothing
    returning user_id`);
  return result.rows.length === 1;
}

export async function storeAnswer(
  tx: Tx,
  userId: number,
  key: string,
  status: number,
  body: unknown,
): Promise<void> {
  await tx.execute(sql`
    update idempotent_requests set status = ${status}, body = ${JSON.stringify(body ?? null)}::jsonb
    where user_id = ${userId} and key = ${key}`);
}
