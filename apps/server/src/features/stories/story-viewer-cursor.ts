import type { ViewerPosition } from './story-audience.repository.ts';

// base64url of `<watched_at to the microsecond, UTC>|<user id>`: opaque to clients.
const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,9})$/;

export function encodeViewerCursor(position: ViewerPosition): string {
  return Buffer.from(`${position.watchedAt}|${position.userId}`).toString('base64url');
}

/** The position a cursor names, or undefined when it is not a cursor of ours. */
export function decodeViewerCursor(cursor: string): ViewerPosition | undefined {
  if (!/^[A-Za-z0-9_-]{1,80}$/.test(cursor)) return undefined;
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return undefined;
  const watchedAt = match[1]!;
  const userId = Number(match[2]);
  if (Number.isNaN(Date.parse(watchedAt)) || userId > 2_147_483_647) return undefined;
  return { watchedAt, userId };
}
