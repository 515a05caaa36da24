import { createHash, createHmac } from 'node:crypto';

/**
 * The token of a mailed link: derived from the server secret and the account token's row id, so
 * neither the database, the outbox nor the job queue ever holds it; the mail job derives it
 * again when it writes the mail. 32 bytes, base64url: 43 characters.
 */
export function mailedToken(secret: string, accountTokenId: number): string {
  return createHmac('sha256', secret).update(`account-token:${accountTokenId}`).digest('base64url');
}

/**
 * The token of a copyright claimant's link (report a court action): derived like `mailedToken`
 * from the notice's id, so only its hash is stored (copyright_notices.claimant_token_hash).
 */
export function claimantToken(secret: string, noticeId: number): string {
  return createHmac('sha256', secret).update(`copyright-notice:${noticeId}`).digest('base64url');
}

/** SHA-256 (hex) of a token: what `account_tokens.token_hash` holds and lookups compare. */
export function hashMailedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
