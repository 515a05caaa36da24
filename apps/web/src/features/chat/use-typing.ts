import { TYPING_TIMEOUT_MS } from '@glimpse/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sendTypingWhisper } from '../../lib/realtime-rooms.ts';

/**
 * Spec 4: the indicator shows when a typing whisper arrives and hides once TYPING_TIMEOUT_MS pass
 * without another (or at once when that person's message arrives).
 */
export function useTypingIndicator() {
  const [typingUserId, setTypingUserId] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const handleTyping = useCallback((userId: number) => {
    setTypingUserId(userId);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setTypingUserId(null), TYPING_TIMEOUT_MS);
  }, []);

  const handleMessageFrom = useCallback((userId: number) => {
    setTypingUserId((current) => {
      if (current !== userId) return current;
      window.clearTimeout(timer.current);
      return null;
    });
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { typingUserId, handleTyping, handleMessageFrom };
}

/** At most one whisper a second: a fast typist would otherwise send one per key. */
export const WHISPER_INTERVAL_MS = 1_000;

/**
 * The outgoing whisper (spec 4: sent on keydown), throttled. A keydown before the chat's room is
 * joined sends nothing and leaves the throttle alone, so the next keydown after the join goes.
 */
export function useTypingWhisper(chatId: number): () => void {
  const lastSent = useRef(-Infinity);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < WHISPER_INTERVAL_MS) return;
    if (sendTypingWhisper(chatId)) lastSent.current = now;
  }, [chatId]);
}
