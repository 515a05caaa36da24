import { inArray } from 'drizzle-orm';
import { users } from '../../../db/schema/index.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/errors/app-error.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';

/** A staff member's role, the one fact the moderation permissions judge (issue 29). */
export interface StaffFact {
  id: number;
  role: 'user' | 'moderator' | 'admin';
  suspended: boolean;
}

async function staffFacts(db: DbOrTx, _viewer: Viewer, ids: number[]): Promise<StaffFact[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, role: users.role, suspendedAt: users.suspendedAt })
    .from(users)
    .where(inArray(users.id, ids));
  return rows.map((row) => ({ id: row.id, role: row.role, suspended: row.suspendedAt !== null }));
}

/**
 * The console is asked about the asker themself (`ids = [viewer]`): a moderator or an admin in
 * good standing may use it. Anyone else is refused as forbidden, not hidden: the console's
 * existence is no secret, only its contents are.
 */
export function decideConsole(staff: StaffFact, viewer: Viewer): Verdict {
  if (viewer === null || staff.id !== viewer || staff.suspended) return 'forbidden';
  return staff.role === 'moderator' || staff.role === 'admin' ? 'allow' : 'forbidden';
}

/** Granting and revoking roles, and the known-content blocklist's removals: admins only. */
export function decideAdmin(staff: StaffFact, viewer: Viewer): Verdict {
  if (viewer === null || staff.id !== viewer || staff.suspended) return 'forbidden';
  return staff.role === 'admin' ? 'allow' : 'forbidden';
}

const forbidden = () => new AppError('forbidden');

export const moderationPermissions = {
  /** Read the queue, the audit log, a user's history; act on reports (features/moderation). */
  'moderation.console': definePermission<number, StaffFact>({
    load: staffFacts,
    idOf: (staff) => staff.id,
    decide: decideConsole,
    refusals: { hidden: forbidden, forbidden },
  }),
  /** What only an admin may do (features/staff, features/known-content). */
  'moderation.admin': definePermission<number, StaffFact>({
    load: staffFacts,
    idOf: (staff) => staff.id,
    decide: decideAdmin,
    refusals: { hidden: forbidden, forbidden },
  }),
};
