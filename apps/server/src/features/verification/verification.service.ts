import { randomBytes } from 'node:crypto';
import type { VerificationCheck } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { notify } from '../notifications/index.ts';
import type { IdentityProvider, WebhookRequest } from './identity-provider.ts';
import * as repo from './verification.repository.ts';
import type { SessionRow } from './verification.repository.ts';

export type { SessionRow };

/** A pending check younger than this is handed out again instead of opening another one. */
const REUSE_PENDING_MS = 60 * 60 * 1000;

/** A check opened with `provider`, by its id (the provider's own pages: the sandbox's). */
export async function providerSession(
  ctx: Pick<AppContext, 'db'>,
  provider: string,
  id: string,
): Promise<SessionRow | undefined> {
  const session = await repo.sessionById(ctx.db, id);
  return session?.provider === provider ? session : undefined;
}

/** `path` with `?verification=<outcome>`, the notice the web shows on return. */
export function withOutcome(path: string, outcome: 'approved' | 'rejected'): string {
  const url = new URL(path, 'http://return.invalid');
  url.searchParams.set('verification', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * POST /api/verification/start. A verified user is sent straight back with the approved notice
 * (no provider check is opened: a real one costs money and proves nothing new). A pending check
 * of the last hour is reused, so double taps and reloads do not open several.
 */
export async function startVerification(
  ctx: Pick<AppContext, 'db'>,
  provider: IdentityProvider,
  userId: number,
  returnTo = '/',
): Promise<{ redirectUrl: string }> {
  if (await repo.verifiedAt(ctx.db, userId))
    return { redirectUrl: withOutcome(returnTo, 'approved') };
  const latest = await repo.latestSession(ctx.db, userId);
  if (
    latest?.status === 'pending' &&
    latest.provider === provider.name &&
    latest.redirectUrl &&
    Date.now() - latest.createdAt.getTime() < REUSE_PENDING_MS
  ) {
    await repo.updateReturnTo(ctx.db, latest.id, returnTo);
    return { redirectUrl: latest.redirectUrl };
  }
  const sessionId = randomBytes(18).toString('base64url');
  await repo.insertSession(ctx.db, { id: sessionId, userId, provider: provider.name, returnTo });
  const started = await provider.startSession({ sessionId, userId, returnTo });
  await repo.recordProviderAnswer(ctx.db, sessionId, started);
  return { redirectUrl: started.redirectUrl };
}

/** GET /api/verification/check: verified once the date is set; else the latest check's state. */
export async function checkVerification(
  ctx: Pick<AppContext, 'db'>,
  userId: number,
): Promise<VerificationCheck> {
  const at = await repo.verifiedAt(ctx.db, userId);
  if (at) return { verified: true, verifyOndatoAt: at.toISOString(), status: 'approved' };
  const latest = await repo.latestSession(ctx.db, userId);
  return { verified: false, verifyOndatoAt: null, status: latest?.status ?? 'none' };
}

/**
 * POST /api/verification/webhook/{provider}. The provider authenticates the request before
 * anything is read; then, in one transaction, the event is claimed (a repeat changes nothing)
 * and applied to its session. Rules, whatever order events arrive in:
 * - approved: the session is approved and the user verified; `verify_ondato_at` is set once,
 *   by the first approval, and never cleared here.
 * - rejected: only a pending session becomes rejected; an approval stands (a late or stale
 *   rejection does not undo it). The user may start again.
 */
export async function applyWebhook(
  ctx: Pick<AppContext, 'db' | 'config' | 'mediaSigner'>,
  provider: IdentityProvider,
  request: WebhookRequest,
): Promise<void> {
  const event = provider.parseWebhook(request);
  await inTransaction(ctx.db, async (tx, effects) => {
    const session = event.providerRef
      ? await repo.sessionByProviderRefForUpdate(tx, provider.name, event.providerRef)
      : undefined;
    const claimed = await repo.claimEvent(tx, {
      provider: provider.name,
      eventId: event.eventId,
      sessionId: session?.id ?? null,
    });
    if (!claimed || !session || !event.outcome) return;

    let changed = false;
    // The user hears of each session's decision once (`verification_decided`).
    let decided: 'approved' | 'rejected' | undefined;
    if (event.outcome === 'approved') {
      if (session.status !== 'approved') {
        await repo.setSessionStatus(tx, session.id, 'approved');
        changed = true;
        decided = 'approved';
      }
      if (await repo.markVerified(tx, session.userId)) {
        effects.emitToUser(session.userId, 'user.updated', { user_id: session.userId });
        changed = true;
      }
    } else if (session.status === 'pending') {
      await repo.setSessionStatus(tx, session.id, 'rejected');
      changed = true;
      decided = 'rejected';
    }
    if (decided)
      await notify(ctx, tx, effects, {
        userId: session.userId,
        type: 'verification_decided',
        actorId: null,
        subject: { kind: 'verification', id: session.id },
        data: { outcome: decided },
        dedupeKey: `verification:${session.id}:${decided}`,
      });
    if (changed) {
      const verified = (await repo.verifiedAt(tx, session.userId)) !== null;
      effects.emitToUser(session.userId, 'verification.updated', { verified });
    }
  });
}
