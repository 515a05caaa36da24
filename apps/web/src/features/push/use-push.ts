import { useCallback, useEffect, useState } from 'react';
import { call } from '../../lib/api.ts';
import {
  currentSubscription,
  keyBytes,
  permission,
  pushSupported,
  sameKey,
  subscribe,
  subscriptionBody,
} from './push-browser.ts';

/**
 * Where this browser stands: `checking` while it looks, `unsupported`, `blocked` (the user
 * refused notifications to the site), `off`, `on`; `busy` while turning on or off.
 */
export type PushState = 'checking' | 'unsupported' | 'blocked' | 'off' | 'on';

export function usePush() {
  const [state, setState] = useState<PushState>('checking');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const settle = (next: PushState) => {
      if (live) setState(next);
    };
    if (!pushSupported()) {
      settle('unsupported');
      return;
    }
    if (permission() === 'denied') {
      settle('blocked');
      return;
    }
    currentSubscription()
      .then(async (subscription) => {
        if (!subscription || permission() !== 'granted') return settle('off');
        const { public_key } = await call('pushKey');
        if (!sameKey(subscription, keyBytes(public_key))) {
          // Made for a key the server no longer signs with: it would never get a push.
          await subscription.unsubscribe();
          return settle('off');
        }
        // Saved again for whoever is signed in now: the browser may have been another
        // account's, or the server may have dropped it (the push service said it was gone).
        await call('subscribePush', { body: subscriptionBody(subscription) });
        settle('on');
      })
      .catch(() => settle('off'));
    return () => {
      live = false;
    };
  }, []);

  /** Runs from the button's click: browsers ask for the permission only after a gesture. */
  const turnOn = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') {
        setState(answer === 'denied' ? 'blocked' : 'off');
        return;
      }
      const { public_key } = await call('pushKey');
      const subscription = await subscribe(public_key);
      try {
        await call('subscribePush', { body: subscriptionBody(subscription) });
      } catch (error) {
        // Not saved: a subscription the server does not know would only look on.
        await subscription.unsubscribe().catch(() => false);
        throw error;
      }
      setState('on');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await call('unsubscribePush', { body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setState('off');
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, failed, turnOn, turnOff };
}
