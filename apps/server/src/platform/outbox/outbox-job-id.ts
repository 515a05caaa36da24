import { createHash } from 'node:crypto';

/**
 * The pg-boss job id of outbox row `id`: the same on every delivery attempt, so a relay that
 * queued the job but crashed before deleting the row cannot queue it a second time. A uuid
 * (version 8, "custom") made from a hash; the database's own sequence keeps the ids unique.
 */
export function outboxJobId(outboxId: number): string {
  const bytes = createHash('sha256').update(`glimpse.outbox:${outboxId}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
