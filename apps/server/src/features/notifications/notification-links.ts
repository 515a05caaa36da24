/**
 * The app path a line opens, from what it is about. A story opens in the viewer from its
 * creator's profile (`?story=`), a stream on the creator's streams, a chat in messages or
 * channels; money lines open the wallet, security ones account security.
 */
export function subjectPath(
  subject: { kind: string; id: number | string } | null,
  actorSlug: string | null,
): string {
  const slug = actorSlug ? encodeURIComponent(actorSlug) : null;
  switch (subject?.kind) {
    case 'story':
      return slug ? `/u/${slug}?story=${subject.id}` : '/';
    case 'stream':
      return slug ? `/u/${slug}/streams` : '/';
    case 'chat':
      return `/messages/${subject.id}`;
    case 'channel':
      return `/channels/${subject.id}`;
    case 'user':
      return slug ? `/u/${slug}` : '/me';
    case 'wallet':
      return '/wallet';
    case 'verification':
      return '/wallet';
    case 'security':
      return '/me/settings/security';
    // Trust and safety (issue 29): a creator's notices, an account's standing.
    case 'copyright':
      return '/me/copyright';
    case 'appeal':
    case 'standing':
      return '/me/settings/standing';
    default:
      return '/';
  }
}
