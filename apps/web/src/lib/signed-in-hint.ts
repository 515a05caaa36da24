/*
 * Whether this browser was signed in when it last asked: the boot code (app/first-requests.ts)
 * then asks for the first screen's data together with the session instead of after it, one
 * round trip less on a slow network. Only a hint: the server decides every request, and a
 * wrong hint (a session that expired since) costs one load's data requests answered 401.
 */
const HINT_KEY = 'glimpse.signedIn';

export function readSignedInHint(): boolean {
  try {
    return window.localStorage.getItem(HINT_KEY) === '1';
  } catch {
    // Storage can be blocked (private mode, policies): no hint, ask in order.
    return false;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(HINT_KEY, '1');
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Without storage the next load asks in order; nothing else depends on it.
  }
}
