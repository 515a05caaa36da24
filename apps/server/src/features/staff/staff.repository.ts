import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

export type StaffRole = 'user' | 'moderator' | 'admin';

export interface StaffAccount {
  id: number;
  email: string;
  role: StaffRole;
  confirmed: boolean;
}

/** The account with this address (addresses are compared lower-cased), locked for the change. */
export async function lockAccountByEmail(
  db: DbOrTx,
  email: string,
): Promise<StaffAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .for('update');
  return row && { id: row.id, email: row.email, role: row.role, confirmed: !!row.verifiedAt };
}

export async function lockAccount(db: DbOrTx, id: number): Promise<StaffAccount | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row && { id: row.id, email: row.email, role: row.role, confirmed: !!row.verifiedAt };
}

export async function setRole(db: DbOrTx, id: number, role: StaffRole): Promise<void> {
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Confirmed accounts whose address is listed but who are not admins yet. */
export async function confirmedNonAdmins(db: DbOrTx, emails: string[]): Promise<number[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(sql<string>`lower(${users.email})`, emails),
        isNotNull(users.emailVerifiedAt),
        ne(users.role, 'admin'),
      ),
    );
  return rows.map((row) => row.id);
}
