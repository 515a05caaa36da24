import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { inTransaction, type EffectQueue } from '../../../platform/db/transaction.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { fingerprintOf } from './ledger-rules.ts';
import * as repo from './idempotency.repository.ts';

/**
 * Idempotency for paying requests. A client sends `Idempotency-Key: <random id>` with every
 * request that moves money and reuses the key when it retries the same request (a timeout, a
 * double tap, a reload). Usage in a route:
 *
 *   const key = idempotencyKeyOf(request);
 *   const answer = await runIdempotent(ctx, { userId, key, operation: 'tip', params: body },
 *     async (tx, effects) => { await transfer({ db: tx, config: ctx.config }, { ..., idempotencyKey: key });
 *       ...domain row...; return { status: 200, body: { success: true } }; });
 *   return sendAnswer(reply, answer);
 *
 * - Same key, same operation and parameters: the stored answer again (same status and body),
 *   nothing charged twice, header `Idempotent-Replayed: true`.
 * - Same key, anything else: 422 `idempotency_mismatch`.
 * - Two at once with one key: the second waits for the first's transaction (the key is claimed
 *   first thing in it) and then replays its answer; exactly one charges.
 * - A request that throws (insufficient funds, validation, a crash) rolls back with its claim:
 *   nothing is stored and the key stays free, so the client may retry it after a top-up.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

/** 1-255 visible ASCII characters: a UUID, a ULID, or any client-made random id. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, or 400 `idempotency_key_required`. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (typeof value !== 'string' || !KEY_PATTERN.test(value))
    throw new AppError('idempotency_key_required');
  return value;
}

/** What a paying request answers: kept as is and replayed for a retry. */
export interface PaidAnswer<B> {
  status: number;
  body: B;
}

export interface IdempotentCall {
  userId: number;
  key: string;
  /** The endpoint's name: one key used on two endpoints is a mismatch. */
  operation: string;
  /** The request's parameters as parsed (path and body): what makes a retry the same request. */
  params: unknown;
}

export type PaymentWork<B> = (tx: Tx, effects: EffectQueue, key: string) => Promise<PaidAnswer<B>>;

function replay<B>(
  stored: repo.StoredAnswer,
  fingerprint: string,
): PaidAnswer<B> & { replayed: true } {
  if (stored.fingerprint !== fingerprint) throw new AppError('idempotency_mismatch');
  return { status: stored.status, body: stored.body as B, replayed: true };
}

/**
 * Runs `work` once per key: in one transaction with the key's claim and its stored answer, so
 * the charge, the domain row and the answer commit together or not at all.
 */
export async function runIdempotent<B>(
  ctx: Pick<AppContext, 'db'>,
  call: IdempotentCall,
  work: PaymentWork<B>,
): Promise<PaidAnswer<B> & { replayed: boolean }> {
  const fingerprint = fingerprintOf({ operation: call.operation, params: call.params });
  // The common retry (the first answer was lost on the way) needs no transaction.
  const stored = await repo.findAnswer(ctx.db, call.userId, call.key);
  if (stored) return replay<B>(stored, fingerprint);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await charge(ctx, call, fingerprint, work);
    } catch (error) {
      // PostgreSQL may still pick this transaction as a deadlock victim (a lock order outside
      // the ledger's, in a domain row) or fail it on serialization; it wrote nothing, so the
      // whole request runs again.
      if (attempt >= RETRIES || !isRetryable(error)) throw error;
    }
  }
}

const RETRIES = 3;

function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: string };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

async function charge<B>(
  ctx: Pick<AppContext, 'db'>,
  call: IdempotentCall,
  fingerprint: string,
  work: PaymentWork<B>,
): Promise<PaidAnswer<B> & { replayed: boolean }> {
  return inTransaction(ctx.db, async (tx, effects) => {
    if (!(await repo.claimKey(tx, call.userId, call.key, fingerprint))) {
      // Another request with this key committed while this one waited for it.
      const winner = await repo.findAnswer(tx, call.userId, call.key);
      if (!winner) throw new Error('idempotency key claimed but no answer stored');
      return replay<B>(winner, fingerprint);
    }
    const answer = await work(tx, effects, call.key);
    await repo.storeAnswer(tx, call.userId, call.key, answer.status, answer.body);
    return { ...answer, replayed: false };
  });
}

/** Sends an answer of `runIdempotent` with its status, marking a replay in a header. */
export function sendAnswer<B>(
  reply: FastifyReply,
  answer: PaidAnswer<B> & { replayed: boolean },
): B {
  if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
  reply.status(answer.status);
  return answer.body;
}
