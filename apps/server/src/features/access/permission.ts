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
export interface Permission<Id extends number | string, Fact, Subject = undefined> {
  load(db: DbOrTx, viewer: Viewer, ids: Id[]): Promise<Fact[]>;
  idOf(fact: Fact): Id;
  decide(fact: Fact, viewer: Viewer): Verdict;
  /**
   * The catalogued error `requireAccess` throws for each kind of refusal (built where the key
   * is written out, so the error-catalogue test sees every key in use).
   */
  refusals: { hidden(): AppError; forbidden(): AppError };
  /**
   * The error `explainAccess` answers for a refusal whose reason depends on the facts (why a
   * message may not go, and what paying would open); without it, `refusals`.
   */
  explain?(fact: Fact, viewer: Viewer, verdict: Exclude<Verdict, 'allow'>): AppError;
  /**
   * What `explainAccess` tells the caller about the subject besides the verdict (a chat's kind,
   * whether a stream still needs paying): the little a caller acts on, never the facts.
   */
  describe?(fact: Fact, viewer: Viewer): Subject;
}

/** Typed identity: lets a permission file declare its id, fact and subject types once. */
export function definePermission<Id extends number | string, Fact, Subject = undefined>(
  permission: Permission<Id, Fact, Subject>,
): Permission<Id, Fact, Subject> {
  return permission;
}

/**
 * What `explainAccess` answers for one id: the verdict, the catalogued error a refusal throws
 * (null when allowed), and what the permission describes of the subject (undefined when the id
 * does not exist).
 */
export interface Decision<Subject> {
  verdict: Verdict;
  allowed: boolean;
  error: AppError | null;
  subject: Subject | undefined;
}
