import { useRef, useState } from 'react';
import { setFollowing } from './follow.api.ts';

export type FollowWord = 'followed' | 'unfollowed';

interface FollowToggleOptions {
  userId: number;
  /** The parent's flag: what the screen shows. */
  following: boolean;
  /** After each completed call, with the server's answer (spec 2 and 4). */
  onSettled: (word: FollowWord) => void;
  onError: (error: unknown) => void;
}

/**
 * Follow / unfollow without blocking clicks (spec 4) and without races: calls run one at a time,
 * each click flips the latest intent, and after every answer the next call is made only if the
 * intent still differs from what the server said. The last word emitted is always the server's
 * last answer, so the parent's flag and the server cannot end up disagreeing.
 */
export function useFollowToggle({ userId, following, onSettled, onError }: FollowToggleOptions) {
  const intentRef = useRef<boolean | null>(null);
  const serverRef = useRef(following);
  const runningRef = useRef(false);
  const [busy, setBusy] = useState(false);

  async function drain() {
    runningRef.current = true;
    setBusy(true);
    try {
      while (intentRef.current !== null && intentRef.current !== serverRef.current) {
        const answer = await setFollowing(userId, intentRef.current);
        serverRef.current = answer.following;
        onSettled(answer.following ? 'followed' : 'unfollowed');
      }
    } catch (error) {
      onError(error);
    } finally {
      intentRef.current = null;
      runningRef.current = false;
      setBusy(false);
    }
  }

  function toggle() {
    if (!runningRef.current) {
      // Idle: the parent's flag is the truth (it may have changed since the last call).
      serverRef.current = following;
      intentRef.current = !following;
      void drain();
      return;
    }
    intentRef.current = !(intentRef.current ?? serverRef.current);
  }

  return { toggle, busy };
}
