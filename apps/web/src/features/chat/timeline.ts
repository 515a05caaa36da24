import type { Message } from '@glimpse/contract';

/** Where an own message is on its way: optimistic copies are `sending` until the server has them. */
export type Delivery = 'sent' | 'sending' | 'failed';

export interface TimelineEntry {
  /** Stable across the optimistic copy and the stored message, so the bubble is not remounted. */
  key: string;
  message: Message;
  delivery: Delivery;
}

/**
 * One open chat's messages, oldest first: stored messages in id order, then own messages still
 * on their way. Every source (the first page, older pages, realtime events, backfills after a
 * reconnect, send answers) goes through `mergeMessages`, which is what keeps the list free of
 * duplicates: a message is there once by id, and its optimistic copy (same `client_id`)
 * gives way to it.
 */
export interface Timeline {
  entries: TimelineEntry[];
  /** The cursor for the page before the oldest entry, or null when the history is complete. */
  olderCursor: string | null;
}

export function createTimeline(messages: Message[], olderCursor: string | null): Timeline {
  return { entries: mergeMessages([], messages), olderCursor };
}

function isStored(entry: TimelineEntry): boolean {
  return entry.delivery === 'sent';
}

export function mergeMessages(entries: TimelineEntry[], incoming: Message[]): TimelineEntry[] {
  if (incoming.length === 0) return entries;
  const byId = new Map<number, TimelineEntry>();
  const pending: TimelineEntry[] = [];
  for (const entry of entries) {
    if (isStored(entry)) byId.set(entry.message.id, entry);
    else pending.push(entry);
  }
  for (const message of incoming) {
    const known = byId.get(message.id);
    let key = known?.key ?? `m${message.id}`;
    const clientId = message.client_id;
    const optimistic = clientId
      ? pending.findIndex((entry) => entry.message.client_id === clientId)
      : -1;
    if (optimistic >= 0) {
      if (!known) key = pending[optimistic]!.key;
      pending.splice(optimistic, 1);
    }
    byId.set(message.id, {
      key,
      message: !known
        ? message
        : // Deleting is for good: a copy read before it (a late backfill) does not bring it back.
          known.message.deleted
          ? { ...known.message, is_read: known.message.is_read || message.is_read }
          : // A copy without read state (a realtime one) never takes back a read receipt.
            { ...message, is_read: known.message.is_read || message.is_read },
      delivery: 'sent',
    });
  }
  const stored = [...byId.values()].sort((a, b) => a.message.id - b.message.id);
  return [...stored, ...pending];
}

/** The optimistic copy of an own text message, shown until the server answers. */
export function addPending(entries: TimelineEntry[], message: Message): TimelineEntry[] {
  return [...entries, { key: `c${message.client_id}`, message, delivery: 'sending' }];
}

export function setDelivery(
  entries: TimelineEntry[],
  clientId: string,
  delivery: Exclude<Delivery, 'sent'>,
): TimelineEntry[] {
  return entries.map((entry) =>
    !isStored(entry) && entry.message.client_id === clientId ? { ...entry, delivery } : entry,
  );
}

/** The other side read up to `lastReadId`: own messages up to it show as read. */
export function markOwnReadUpTo(entries: TimelineEntry[], lastReadId: number): TimelineEntry[] {
  return entries.map((entry) =>
    isStored(entry) && entry.message.own && !entry.message.is_read && entry.message.id <= lastReadId
      ? { ...entry, message: { ...entry.message, is_read: true } }
      : entry,
  );
}

/** The viewer read up to `lastReadId` (here or in another tab). */
export function markOthersReadUpTo(entries: TimelineEntry[], lastReadId: number): TimelineEntry[] {
  return entries.map((entry) =>
    isStored(entry) &&
    !entry.message.own &&
    !entry.message.is_read &&
    entry.message.id <= lastReadId
      ? { ...entry, message: { ...entry.message, is_read: true } }
      : entry,
  );
}

/**
 * The read marks a page of messages carries: the newest own message the other side read and
 * the newest other message the viewer read (reading is "up to", so older ones follow).
 */
export function readMarksOf(messages: Message[]): { own: number | null; others: number | null } {
  let own: number | null = null;
  let others: number | null = null;
  for (const message of messages) {
    if (!message.is_read) continue;
    if (message.own) own = Math.max(own ?? 0, message.id);
    else others = Math.max(others ?? 0, message.id);
  }
  return { own, others };
}

/** The newest message someone else sent that the viewer has not read, or null. */
export function newestUnreadId(entries: TimelineEntry[]): number | null {
  let newest: number | null = null;
  for (const entry of entries) {
    if (isStored(entry) && !entry.message.own && !entry.message.is_read) newest = entry.message.id;
  }
  return newest;
}

/** The newest stored message's id: where a backfill continues from. */
export function newestStoredId(entries: TimelineEntry[]): number | null {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index]!;
    if (isStored(entry)) return entry.message.id;
  }
  return null;
}

/**
 * A message as it shows once its sender deleted it for everyone: where it was and who sent it,
 * none of its content (the server answers it so from then on).
 */
export function asDeleted(message: Message): Message {
  return {
    ...message,
    deleted: true,
    message: '',
    story_id: null,
    story: null,
    audio_file_url: null,
    audio_duration: null,
    meta: {},
    reply_to_story: undefined,
  };
}

/** The messages `ids` were deleted for everyone (ids not in the timeline are left alone). */
export function markDeleted(entries: TimelineEntry[], ids: number[]): TimelineEntry[] {
  if (ids.length === 0) return entries;
  const deleted = new Set(ids);
  return entries.map((entry) =>
    isStored(entry) && deleted.has(entry.message.id) && !entry.message.deleted
      ? { ...entry, message: asDeleted(entry.message) }
      : entry,
  );
}
