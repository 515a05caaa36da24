import type { Db } from '../db/database.ts';

interface Relay {
  deliverNow(): Promise<void>;
}

/**
 * The relay serving each database handle, so `inTransaction(db, ...)` can start delivery the
 * moment its transaction commits without every caller passing the relay along. Without a
 * relay (scripts, a node still starting) rows simply wait for the next relay's start-up pass.
 */
const relays = new WeakMap<Db, Relay>();

export function registerRelay(db: Db, relay: Relay): void {
  relays.set(db, relay);
}

export function forgetRelay(db: Db, relay: Relay): void {
  if (relays.get(db) === relay) relays.delete(db);
}

/** Delivers what the caller just committed (and anything else due); never rejects. */
export function deliverOutboxNow(db: Db): Promise<void> {
  return relays.get(db)?.deliverNow() ?? Promise.resolve();
}
