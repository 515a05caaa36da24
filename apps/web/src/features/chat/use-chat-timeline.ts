import { messageCursor, type ChatState, type Message } from '@glimpse/contract';
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { fetchNewerMessages, fetchOlderMessages } from './chat.queries.ts';
import {
  addPending,
  createTimeline,
  markDeleted,
  markOthersReadUpTo,
  markOwnReadUpTo,
  mergeMessages,
  newestStoredId,
  readMarksOf,
  setDelivery,
  type Timeline,
} from './timeline.ts';
import { markStoryRemoved } from './story-removal.ts';

type Action =
  | { type: 'merge'; messages: Message[] }
  | { type: 'older'; messages: Message[]; cursor: string | null }
  | { type: 'pending'; message: Message }
  | { type: 'delivery'; clientId: string; delivery: 'sending' | 'failed' }
  | { type: 'ownRead'; lastReadId: number }
  | { type: 'othersRead'; lastReadId: number }
  | { type: 'deleted'; ids: number[] }
  | { type: 'storyRemoved'; storyId: number };

function reduce(timeline: Timeline, action: Action): Timeline {
  switch (action.type) {
    case 'merge':
      return { ...timeline, entries: mergeMessages(timeline.entries, action.messages) };
    case 'older':
      return {
        entries: mergeMessages(timeline.entries, action.messages),
        olderCursor: action.cursor,
      };
    case 'pending':
      return { ...timeline, entries: addPending(timeline.entries, action.message) };
    case 'delivery':
      return {
        ...timeline,
        entries: setDelivery(timeline.entries, action.clientId, action.delivery),
      };
    case 'ownRead':
      return { ...timeline, entries: markOwnReadUpTo(timeline.entries, action.lastReadId) };
    case 'othersRead':
      return { ...timeline, entries: markOthersReadUpTo(timeline.entries, action.lastReadId) };
    case 'deleted':
      return { ...timeline, entries: markDeleted(timeline.entries, action.ids) };
    case 'storyRemoved':
      return { ...timeline, entries: markStoryRemoved(timeline.entries, action.storyId) };
  }
}

/** A backfill follows the server's cursor at most this many pages before it waits for the next. */
const BACKFILL_MAX_PAGES = 50;

/**
 * The open chat's messages (timeline.ts) with the ways they grow: older pages upward, backfills
 * of what came after the newest one, and single messages from events and send answers.
 */
export function useChatTimeline(chat: ChatState) {
  const chatId = chat.chat_id;
  const [timeline, dispatch] = useReducer(reduce, chat, (state) =>
    createTimeline(state.messages, state.older_cursor),
  );
  // Async work (a backfill that takes several pages) reads the timeline as it is by then.
  const latest = useRef(timeline);
  useLayoutEffect(() => {
    latest.current = timeline;
  });

  const merge = useCallback((messages: Message[]) => dispatch({ type: 'merge', messages }), []);

  const backfillState = useRef({ running: false, again: false });
  /**
   * Fetches everything after the newest stored message, page by page, until the server has no
   * more. One runs at a time; asked again meanwhile, it runs once more when done, from the then
   * newest message, so a message announced during a backfill is never skipped.
   */
  const backfill = useCallback(async () => {
    const state = backfillState.current;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    try {
      do {
        state.again = false;
        const newest = newestStoredId(latest.current.entries);
        // The server takes only its own cursors (base64url of `m<id>`), never a bare id.
        let cursor = newest === null ? undefined : messageCursor(newest);
        for (let page = 0; page < BACKFILL_MAX_PAGES; page += 1) {
          const answer = await fetchNewerMessages(chatId, cursor);
          merge(answer.messages);
          // Without a starting message the answer is the newest page: nothing comes after it.
          if (cursor === undefined || !answer.cursor || answer.messages.length === 0) break;
          cursor = answer.cursor;
        }
      } while (state.again);
    } catch {
      // Offline or refused: the next event or reconnect backfills from the same place.
    } finally {
      state.running = false;
    }
  }, [chatId, merge]);

  /**
   * Read receipts and deletions are events: one sent while this client had no socket (before
   * its first connect, or during a drop) is gone, and a backfill fetches only newer messages.
   * The newest page carries the marks as `is_read` and deletions as `deleted`, so after every
   * (re)connect they are taken from it. Only those: the page's messages are left to the
   * backfill, which keeps the list gap-free.
   */
  const resyncReads = useCallback(async () => {
    try {
      const { messages } = await fetchNewerMessages(chatId, undefined);
      const marks = readMarksOf(messages);
      if (marks.own !== null) dispatch({ type: 'ownRead', lastReadId: marks.own });
      if (marks.others !== null) dispatch({ type: 'othersRead', lastReadId: marks.others });
      const deleted = messages.filter((message) => message.deleted).map((message) => message.id);
      if (deleted.length > 0) dispatch({ type: 'deleted', ids: deleted });
    } catch {
      // Offline or refused: the next reconnect asks again.
    }
  }, [chatId]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const loadingOlderRef = useRef(false);
  /** Loads the page before the oldest message; resolves false when there is none to load. */
  const loadOlder = useCallback(async (): Promise<boolean> => {
    const cursor = latest.current.olderCursor;
    if (!cursor || loadingOlderRef.current) return false;
    loadingOlderRef.current = true;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderMessages(chatId, cursor);
      dispatch({ type: 'older', messages: page.messages, cursor: page.cursor });
      return true;
    } catch {
      return false;
    } finally {
      loadingOlderRef.current = false;
      setLoadingOlder(false);
    }
  }, [chatId]);

  const actions = useMemo(
    () => ({
      addPending: (message: Message) => dispatch({ type: 'pending', message }),
      setDelivery: (clientId: string, delivery: 'sending' | 'failed') =>
        dispatch({ type: 'delivery', clientId, delivery }),
      markOwnRead: (lastReadId: number) => dispatch({ type: 'ownRead', lastReadId }),
      markOthersRead: (lastReadId: number) => dispatch({ type: 'othersRead', lastReadId }),
      markDeleted: (ids: number[]) => dispatch({ type: 'deleted', ids }),
      markStoryRemoved: (storyId: number) => dispatch({ type: 'storyRemoved', storyId }),
    }),
    [],
  );

  return { timeline, merge, backfill, resyncReads, loadOlder, loadingOlder, ...actions };
}

export type ChatTimelineControls = ReturnType<typeof useChatTimeline>;
