/** The verification feature's public face: what other features may import. */
import './verification-texts.ts';

export { VerificationWatcher } from './VerificationWatcher.tsx';
export { VerifyIdentityEntry } from './VerifyIdentityEntry.tsx';
export { currentReturnPath, useStartVerification } from './verification.queries.ts';
