import type { DbOrTx } from '../../platform/db/database.ts';
import type { AppError } from '../../platform/errors/app-error.ts';

/** Who asks: a signed-in user's id, or null for an anonymous request on a route that allows it. */
export type Viewer = number | null;

/**
 * A rule's answer for one id. `hidden` answers like a missing record (404), so a viewer cannot
 * tell "not allowed" from "does not exist"; `forbidden` is for records the viewer may know of
 * but not act on (editing another's visible story).
 */
export type Verdict = 'allow' | 'hidden' | 'forbidden';

/**
 * One permission: the batched query that loads what the rule needs for a set of ids (one query
 * per call, rows only for ids that exist) and the pure rule that judges each row.
 */
export interface Permission<Id extends number | string, Fact> {
  load(db: DbOrTx, viewer: Viewer, ids: Id[]): Promise<Fact[]>;
  idOf(fact: Fact): Id;
  decide(fact: Fact, viewer: Viewer): Verdict;
  /**
   * The catalogued error `requireAccess` throws for each kind of refusal (built where the key
   * is written out, so the error-catalogue test sees every key in use).
   */
  refusals: { hidden(): AppError; forbidden(): AppError };
}

/** Typed identity: lets a permission file declare its id and fact types once. */
export function definePermission<Id extends number | string, Fact>(
  permission: Permission<Id, Fact>,
): Permission<Id, Fact> {
  return permission;
}
