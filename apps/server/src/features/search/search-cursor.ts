/**
 * The opaque `cursor` of GET /api/search: where the previous page ended in the order of the
 * search that made it. A short text's results are in handle order (`h` + the last handle); a
 * longer text's by rank, then id (`r` + rank + `.` + id). base64url, as the message cursors.
 */
export type SearchCursor =
  { kind: 'handle'; handle: string } | { kind: 'rank'; rank: number; id: number };

function toBase64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  return toBase64Url(
    cursor.kind === 'handle' ? `h${cursor.handle}` : `r${cursor.rank}.${cursor.id}`,
  );
}

/** The cursor a text names, or undefined when it is not one of ours. */
export function decodeSearchCursor(value: string): SearchCursor | undefined {
  const text = Buffer.from(value, 'base64url').toString('utf8');
  if (toBase64Url(text) !== value) return undefined;
  const handle = /^h([a-z0-9-]{1,100})$/.exec(text);
  if (handle) return { kind: 'handle', handle: handle[1]! };
  const rank = /^r(0|[1-9][0-9]{0,5})\.([1-9][0-9]{0,9})$/.exec(text);
  if (!rank) return undefined;
  const id = Number(rank[2]);
  return id > 2_147_483_647 ? undefined : { kind: 'rank', rank: Number(rank[1]), id };
}
