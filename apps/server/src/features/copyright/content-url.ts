/**
 * The story a notice's URL names: a story link of this site, `/stories/{id}`, or a profile's
 * link that opens the viewer at a story, `/u/{handle}?story={id}`. Absolute URLs must be on this
 * site's origin; a bare path is taken as this site's. Anything else answers null.
 */
export function storyIdFromUrl(input: string, publicOrigin: string): number | null {
  let url: URL;
  try {
    url = new URL(input.trim(), publicOrigin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(publicOrigin).origin) return null;
  const path = url.pathname.replace(/\/+$/, '');
  const direct = /^\/stories\/(\d{1,10})$/.exec(path);
  const raw = direct
    ? direct[1]
    : /^\/u\/[^/]+$/.test(path)
      ? (url.searchParams.get('story') ?? '')
      : '';
  if (!/^\d{1,10}$/.test(raw!)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
