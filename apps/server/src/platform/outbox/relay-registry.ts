import type { Db } from '../db/database.ts';
import type { OutboxRow } from './outbox-effect.ts';

/** What `inTransaction` needs of the relay serving its database. */
export interface CommitRelay {
  /** How long rows written for this relay stay claimed by it. */
  readonly leaseSeconds: number;
  deliverClaimed(rows: OutboxRow[]): Promise<void>;
}

/**
 * The relay serving each database handle, so `inTransaction(db, ...)` can start delivery the
 * moment its transaction commits without every caller passing the relay along. Without a
 * relay (scripts, a node still starting) rows simply wait for the next relay's start-up pass.
 */
const relays = new WeakMap<Db, CommitRelay>();

export function registerRelay(db: Db, relay: CommitRelay): void {
  relays.set(db, relay);
}

export function forgetRelay(db: Db, relay: CommitRelay): void {
  if (relays.get(db) === relay) relays.delete(db);
}

export function relayFor(db: Db): CommitRelay | undefined {
  return relays.get(db);
}
