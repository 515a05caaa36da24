import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../audit/index.ts';
import * as repo from './staff.repository.ts';
import type { StaffRole } from './staff.repository.ts';

export type GrantableRole = Exclude<StaffRole, 'user'>;

export class StaffCommandError extends Error {}

/**
 * Makes the account an admin when its confirmed address is in ADMIN_EMAILS; called inside the
 * transaction that confirms an address (features/auth) and at start-up. A role never comes from
 * an address typed at sign-up: only from one the account proved it reads. Answers whether it
 * granted.
 */
export async function grantAdminIfListed(
  ctx: { db: DbOrTx; config: { adminEmails: string[] } },
  userId: number,
): Promise<boolean> {
  if (ctx.config.adminEmails.length === 0) return false;
  const account = await repo.lockAccount(ctx.db, userId);
  if (!account || !account.confirmed || account.role === 'admin') return false;
  if (!ctx.config.adminEmails.includes(account.email.toLowerCase())) return false;
  await repo.setRole(ctx.db, account.id, 'admin');
  await recordAudit(ctx.db, {
    actorId: null,
    action: 'grant_role',
    targetKind: 'user',
    targetId: account.id,
    subjectUserId: account.id,
    note: 'ADMIN_EMAILS',
    details: { role: 'admin', previous: account.role, via: 'admin_emails' },
  });
  return true;
}

/** At start-up: listed addresses already confirmed before they were listed become admins. */
export async function applyAdminEmails(ctx: Pick<AppContext, 'db' | 'config'>): Promise<number> {
  const ids = await repo.confirmedNonAdmins(ctx.db, ctx.config.adminEmails);
  let granted = 0;
  for (const id of ids) {
    const done = await inTransaction(ctx.db, (tx) =>
      grantAdminIfListed({ db: tx, config: ctx.config }, id),
    );
    if (done) granted += 1;
  }
  return granted;
}

/**
 * `npm run admin -- grant <email> moderator|admin`: the role, with its audit line (actor null:
 * the command line). Granting the role an account already has changes and records nothing.
 */
export async function grantRole(
  ctx: Pick<AppContext, 'db'>,
  email: string,
  role: GrantableRole,
): Promise<{ userId: number; changed: boolean }> {
  return inTransaction(ctx.db, async (tx) => {
    const account = await repo.lockAccountByEmail(tx, email);
    if (!account) throw new StaffCommandError(`no account with the address ${email}`);
    if (account.role === role) return { userId: account.id, changed: false };
    await repo.setRole(tx, account.id, role);
    await recordAudit(tx, {
      actorId: null,
      action: 'grant_role',
      targetKind: 'user',
      targetId: account.id,
      subjectUserId: account.id,
      note: 'command line',
      details: { role, previous: account.role, via: 'command' },
    });
    return { userId: account.id, changed: true };
  });
}

/** `npm run admin -- revoke <email>`: back to a plain user, with its audit line. */
export async function revokeRole(
  ctx: Pick<AppContext, 'db'>,
  email: string,
): Promise<{ userId: number; changed: boolean }> {
  return inTransaction(ctx.db, async (tx) => {
    const account = await repo.lockAccountByEmail(tx, email);
    if (!account) throw new StaffCommandError(`no account with the address ${email}`);
    if (account.role === 'user') return { userId: account.id, changed: false };
    await repo.setRole(tx, account.id, 'user');
    await recordAudit(tx, {
      actorId: null,
      action: 'revoke_role',
      targetKind: 'user',
      targetId: account.id,
      subjectUserId: account.id,
      note: 'command line',
      details: { previous: account.role, via: 'command' },
    });
    return { userId: account.id, changed: true };
  });
}

/** The argument list of `npm run admin -- ...`, parsed; throws a usage error for anything else. */
export function parseAdminCommand(
  args: string[],
): { verb: 'grant'; email: string; role: GrantableRole } | { verb: 'revoke'; email: string } {
  const [verb, email, role, ...rest] = args;
  const usage = 'usage: npm run admin -- grant <email> moderator|admin | revoke <email>';
  if (rest.length > 0 || !email || !email.includes('@')) throw new StaffCommandError(usage);
  if (verb === 'grant' && (role === 'moderator' || role === 'admin')) return { verb, email, role };
  if (verb === 'revoke' && role === undefined) return { verb, email };
  throw new StaffCommandError(usage);
}
