import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { EffectQueue } from '../../platform/db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { deviceName } from './session-device.ts';
import type { SignInClient } from './sessions.service.ts';
import { sessionIdFromToken } from './session-token.ts';

/**
 * Security lines in the account's notifications (issue 28), written in the transaction of the
 * change. They come from the system (no actor: nothing mutes or blocks them), open account
 * security, and stay in the app whatever the preferences say (contract ALWAYS_ON_TYPES).
 */
type Ctx = Pick<AppContext, 'db' | 'config' | 'mediaSigner'>;
const SECURITY = { kind: 'security', id: 'account' } as const;

/** A new session from a sign-in (password, second step, passkey); not a sign-up's first one. */
export function noticeSignIn(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  userId: number,
  session: { token: string },
  client: SignInClient,
) {
  return notify(ctx, tx, effects, {
    userId,
    type: 'security_sign_in',
    actorId: null,
    subject: SECURITY,
    data: { device: deviceName(client.userAgent) },
    // The session's id (a hash of its token, never the token) names the sign-in.
    dedupeKey: `sign_in:${sessionIdFromToken(session.token)}`,
  });
}

/** The password changed (in settings, or by a reset link). */
export function noticePasswordChanged(ctx: Ctx, tx: Tx, effects: EffectQueue, userId: number) {
  return notify(ctx, tx, effects, {
    userId,
    type: 'security_password_changed',
    actorId: null,
    subject: SECURITY,
    // A change is a request of its own, never retried: its time names it.
    dedupeKey: `password_changed:${new Date().toISOString()}`,
  });
}

/** The account's address changed (the link mailed to the new address was followed). */
export function noticeEmailChanged(
  ctx: Ctx,
  tx: Tx,
  effects: EffectQueue,
  userId: number,
  linkId: number,
) {
  return notify(ctx, tx, effects, {
    userId,
    type: 'security_email_changed',
    actorId: null,
    subject: SECURITY,
    dedupeKey: `email_changed:${linkId}`,
  });
}
