/** The auth feature's public face: sessions and sign-in. */
// For the composition root: the routes and the session plugin that comes first.
export { authRoutes } from './auth.routes.ts';
export { sessionPlugin } from './session.plugin.ts';
// Who a session cookie belongs to, outside HTTP requests (sockets, live ingest).
export { userIdForToken } from './auth.service.ts';
// The job that mails a password reset link (queued by every forgot-password request).
export { sendPasswordReset } from './password-reset.service.ts';
export { SESSION_COOKIE } from './session-token.ts';
// The demo seed's passwords.
export { hashPassword } from './password.ts';
// Account deletion: the current password (counted as a sign-in), and the sockets of the
// sessions it ended.
export { assertCurrentPassword } from './account-limits.ts';
export { disconnectEndedSessions } from './sessions.service.ts';
// Moderation's enforcement: a suspension ends every session and socket on every node.
export { endAllSessions } from './sessions.service.ts';
// A suspended account's standing and appeals, by the token its refused sign-in carried.
export { standingTokenUser } from './standing-token.ts';
