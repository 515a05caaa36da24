import { describe, expect, it } from 'vitest';
import { makeMessage, ME_ID } from './test/chat-fixtures.ts';
import {
  addPending,
  createTimeline,
  markDeleted,
  markOthersReadUpTo,
  markOwnReadUpTo,
  mergeMessages,
  newestStoredId,
  newestUnreadId,
  setDelivery,
} from './timeline.ts';

const ids = (entries: { message: { id: number } }[]) => entries.map((entry) => entry.message.id);

describe('timeline', () => {
  it('keeps stored messages once each, in id order, whatever order they come in', () => {
    const { entries } = createTimeline([makeMessage(3), makeMessage(1)], null);
    const merged = mergeMessages(entries, [makeMessage(2), makeMessage(3), makeMessage(1)]);
    expect(ids(merged)).toEqual([1, 2, 3]);
  });

  it('replaces the optimistic copy by the stored message with its client_id, keeping its key', () => {
    const pending = makeMessage(0, { user_id: ME_ID, client_id: 'abc', message: 'Hi' });
    const entries = addPending(createTimeline([makeMessage(1)], null).entries, pending);
    expect(entries.at(-1)).toMatchObject({ key: 'cabc', delivery: 'sending' });
    const merged = mergeMessages(entries, [makeMessage(5, { user_id: ME_ID, client_id: 'abc' })]);
    expect(merged.map((entry) => [entry.key, entry.message.id, entry.delivery])).toEqual([
      ['m1', 1, 'sent'],
      ['cabc', 5, 'sent'],
    ]);
    // The same message again (the event after the answer) changes nothing.
    expect(mergeMessages(merged, [makeMessage(5, { client_id: 'abc' })])).toHaveLength(2);
  });

  it('keeps messages on their way after the stored ones', () => {
    const entries = addPending([], makeMessage(0, { client_id: 'x' }));
    const merged = mergeMessages(entries, [makeMessage(9), makeMessage(8)]);
    expect(merged.map((entry) => entry.delivery)).toEqual(['sent', 'sent', 'sending']);
    expect(newestStoredId(merged)).toBe(9);
  });

  it('marks a failed send and sends it again under the same client_id', () => {
    const entries = addPending([], makeMessage(0, { client_id: 'x' }));
    const failed = setDelivery(entries, 'x', 'failed');
    expect(failed[0]!.delivery).toBe('failed');
    expect(setDelivery(failed, 'x', 'sending')[0]).toMatchObject({
      delivery: 'sending',
      message: { client_id: 'x' },
    });
  });

  it('never takes back a read receipt for a copy without one', () => {
    const entries = markOwnReadUpTo(
      createTimeline([makeMessage(1, { user_id: ME_ID }), makeMessage(2, { user_id: ME_ID })], null)
        .entries,
      1,
    );
    expect(entries.map((entry) => entry.message.is_read)).toEqual([true, false]);
    const merged = mergeMessages(entries, [makeMessage(1, { user_id: ME_ID, is_read: false })]);
    expect(merged[0]!.message.is_read).toBe(true);
  });

  it("tracks the viewer's unread messages", () => {
    const { entries } = createTimeline(
      [makeMessage(1), makeMessage(2, { user_id: ME_ID }), makeMessage(3), makeMessage(4)],
      null,
    );
    expect(newestUnreadId(entries)).toBe(4);
    const read = markOthersReadUpTo(entries, 3);
    expect(newestUnreadId(read)).toBe(4);
    expect(newestUnreadId(markOthersReadUpTo(read, 4))).toBeNull();
  });

  it('marks deleted messages without their content, for good', () => {
    const { entries } = createTimeline(
      [makeMessage(1, { message: 'Keep' }), makeMessage(2, { message: 'Regret' })],
      null,
    );
    const deleted = markDeleted(entries, [2, 99]);
    expect(deleted[0]!.message).toMatchObject({ message: 'Keep' });
    expect(deleted[0]!.message.deleted).toBeUndefined();
    expect(deleted[1]!.message).toMatchObject({ id: 2, deleted: true, message: '' });
    // A copy fetched before the deletion (a late backfill) does not bring it back.
    const merged = mergeMessages(deleted, [makeMessage(2, { message: 'Regret', is_read: true })]);
    expect(merged[1]!.message).toMatchObject({ deleted: true, message: '', is_read: true });
  });
});
