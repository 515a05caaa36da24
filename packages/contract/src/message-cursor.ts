/**
 * History cursors of GET /api/chats/{chat_id}/messages (docs/decisions.md, "Messaging: chats and
 * channels"). A cursor names one message: `before` pages back from it, `after` backfills
 * forward from it. Clients treat cursors as opaque, except that after a reconnect they make the
 * `after` cursor of the last message they hold with `messageCursor`, so a backfill needs no
 * page they never loaded. base64url of `m<id>`, in browsers and Node alike (btoa/atob).
 */
export function messageCursor(messageId: number): string {
  return btoa(`m${messageId}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The message id a cursor names, or undefined when it is not a cursor of ours. */
export function messageIdOfCursor(cursor: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return undefined;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = /^m([1-9][0-9]{0,14})$/.exec(text);
  return match ? Number(match[1]) : undefined;
}
