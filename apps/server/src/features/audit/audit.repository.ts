import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, users } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../platform/db/database.ts';

/** One line to write: who did what to which item, about whom, and why. */
export interface AuditEntryInput {
  /** The moderator or admin; null for the system (ADMIN_EMAILS, the command line, a timer). */
  actorId: number | null;
  action: string;
  targetKind: string;
  targetId?: number | null;
  subjectUserId?: number | null;
  note?: string;
  details?: Record<string, unknown>;
}

/**
 * Appends one line to the audit log, inside the caller's transaction so the line and the change
 * it records commit together. The table refuses UPDATE and DELETE (migration 0021's trigger).
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntryInput): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      targetKind: entry.targetKind,
      targetId: entry.targetId ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      note: entry.note ?? '',
      details: entry.details ?? {},
    })
    .returning({ id: auditLog.id });
  return row!.id;
}

/** A person an audit line names, as far as the account still exists. */
export interface AuditPerson {
  id: number;
  name: string;
  slug: string;
  avatarKey: string | null;
}

export interface AuditRow {
  id: number;
  actorId: number | null;
  actor: AuditPerson | null;
  action: string;
  targetKind: string;
  targetId: number | null;
  subjectUserId: number | null;
  subject: AuditPerson | null;
  note: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

export interface AuditSearch {
  /** Words matched against the action, the note and the actor's and subject's names. */
  q?: string;
  actorId?: number;
  subjectId?: number;
  actions?: string[];
  /** The last line of the previous page (newest first: ids only go down). */
  beforeId?: number;
  limit: number;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Audit lines newest first, by id (append-only, so ids follow time). */
export async function searchAudit(db: DbOrTx, search: AuditSearch): Promise<AuditRow[]> {
  const actor = alias(users, 'audit_actor');
  const subject = alias(users, 'audit_subject');
  const where: SQL[] = [];
  if (search.actorId !== undefined) where.push(eq(auditLog.actorId, search.actorId));
  if (search.subjectId !== undefined) where.push(eq(auditLog.subjectUserId, search.subjectId));
  if (search.actions && search.actions.length > 0)
    where.push(sql`${auditLog.action} in ${search.actions}`);
  if (search.beforeId !== undefined) where.push(lt(auditLog.id, search.beforeId));
  for (const word of (search.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${escapeLike(word)}%`;
    where.push(
      or(
        sql`${auditLog.action} ilike ${like}`,
        sql`${auditLog.note} ilike ${like}`,
        sql`${actor.name} ilike ${like}`,
        sql`${actor.slug} ilike ${like}`,
        sql`${subject.name} ilike ${like}`,
        sql`${subject.slug} ilike ${like}`,
      )!,
    );
  }
  const rows = await db
    .select({
      id: auditLog.id,
      actorId: auditLog.actorId,
      actorName: actor.name,
      actorSlug: actor.slug,
      actorAvatar: actor.avatarKey,
      action: auditLog.action,
      targetKind: auditLog.targetKind,
      targetId: auditLog.targetId,
      subjectUserId: auditLog.subjectUserId,
      subjectName: subject.name,
      subjectSlug: subject.slug,
      subjectAvatar: subject.avatarKey,
      note: auditLog.note,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(search.limit);
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actor:
      row.actorId !== null && row.actorName !== null
        ? {
            id: row.actorId,
            name: row.actorName,
            slug: row.actorSlug!,
            avatarKey: row.actorAvatar,
          }
        : null,
    action: row.action,
    targetKind: row.targetKind,
    targetId: row.targetId,
    subjectUserId: row.subjectUserId,
    subject:
      row.subjectUserId !== null && row.subjectName !== null
        ? {
            id: row.subjectUserId,
            name: row.subjectName,
            slug: row.subjectSlug!,
            avatarKey: row.subjectAvatar,
          }
        : null,
    note: row.note,
    details: row.details,
    createdAt: row.createdAt,
  }));
}
