import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { call } from '../../lib/api.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useChatStatePatch, type ChatTarget } from './chat.queries.ts';

/** How long a message found from the pinned bar stays highlighted. */
const HIGHLIGHT_MS = 2_000;

/** Pin and unpin (channel owner, spec 4): the chat state takes the server's answer. */
export function usePinActions(target: ChatTarget, chatId: number) {
  const patchState = useChatStatePatch(target);
  const { notifyError } = useSnackbar();
  const pin = useCallback(
    (messageId: number) =>
      call('pinMessage', { params: { chat_id: chatId }, body: { message_id: messageId } })
        .then(({ pinned_message }) => patchState({ pinned_message }))
        .catch(notifyError),
    [chatId, patchState, notifyError],
  );
  const unpin = useCallback(
    () =>
      call('unpinMessage', { params: { chat_id: chatId } })
        .then(({ pinned_message }) => patchState({ pinned_message }))
        .catch(notifyError),
    [chatId, patchState, notifyError],
  );
  return { pin, unpin };
}

function messageNode(list: HTMLElement | null, id: number): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`[data-message-id="${id}"]`) ?? null;
}

/** Resolves after the browser has had a chance to render what was just loaded. */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 16));
}

/**
 * Spec 2: clicking the pinned bar scrolls to the message and highlights it, loading older pages
 * until it is in the list (or the history ends without it).
 */
export function useSeekMessage(
  listRef: RefObject<HTMLElement | null>,
  loadOlder: () => Promise<boolean>,
) {
  const [highlightedId, setHighlightedId] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const seek = useCallback(
    async (id: number) => {
      let node = messageNode(listRef.current, id);
      while (!node) {
        if (!(await loadOlder())) return;
        // The page is in the timeline; give React a few frames to put it on screen.
        for (let tries = 0; tries < 10 && !node; tries += 1) {
          await nextFrame();
          node = messageNode(listRef.current, id);
        }
      }
      node.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      setHighlightedId(id);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setHighlightedId(null), HIGHLIGHT_MS);
    },
    [listRef, loadOlder],
  );
  return { seek, highlightedId };
}
