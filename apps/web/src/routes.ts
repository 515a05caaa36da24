/**
 * Route names from spec section 2 mapped to path builders, so screens link by name and the
 * readable URLs live in one place. `paths` holds the patterns the router registers.
 */
export const paths = {
  home: '/',
  wallet: '/wallet',
  search: '/search',
  userStreams: '/u/:slug/streams',
  userProfile: '/u/:slug',
  chat: '/messages/:id',
  channel: '/channels/:chatId',
  messages: '/messages',
  channels: '/channels',
  ownProfile: '/me',
  ownProfileEdit: '/me/edit',
  ownSubscribers: '/me/subscribers',
  ownBlocked: '/me/blocked',
  ownSettings: '/me/settings',
  ownSecurity: '/me/settings/security',
  ownNotificationSettings: '/me/settings/notifications',
  notifications: '/notifications',
  goLive: '/me/live',
  signIn: '/sign-in',
  signUp: '/sign-up',
  // The mailed links open these (the server writes the same paths into its mails).
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  terms: '/terms',
  privacy: '/privacy',
  // Copyright notices and appeals (issue 29): the public form, the claimant's mailed link (the
  // server writes the same path), the creator's notices, the suspended account's appeal.
  copyright: '/copyright',
  courtAction: '/copyright/court-action',
  ownCopyright: '/me/copyright',
  suspensionAppeal: '/appeal',
  // The moderation console and the account's standing (issue 29).
  moderationConsole: '/admin',
  ownStanding: '/me/settings/standing',
  notFound: '/404',
} as const;

function withQuery(path: string, query: Record<string, string | number | boolean | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const enc = encodeURIComponent;

export const routes = {
  'auth.home': () => paths.home,
  'user.own.profile.wallet': () => paths.wallet,
  /** Creators by name, handle or tag; `q` is the text searched for. */
  search: (p: { q?: string } = {}) => withQuery(paths.search, { q: p.q || undefined }),
  'otherUser.profile.viewStreams': (p: { slug: string; fromHome?: boolean }) =>
    withQuery(`/u/${enc(p.slug)}/streams`, { fromHome: p.fromHome }),
  /** `from` names the screen the user came from; `id` or `chat_id` the chat to return to. */
  'otherUser.profile.viewSlug': (p: {
    slug: string;
    from?: string;
    id?: number;
    chat_id?: number;
  }) => withQuery(`/u/${enc(p.slug)}`, { from: p.from, id: p.id, chat_id: p.chat_id }),
  'user.own.chat': (p: { id: number | string }) => `/messages/${enc(String(p.id))}`,
  'user.own.channel': (p: { chat_id: number | string }) => `/channels/${enc(String(p.chat_id))}`,
  'user.own.messages': () => paths.messages,
  'user.own.channels': () => paths.channels,
  'user.own.profile.view': () => paths.ownProfile,
  'user.own.profile.edit': () => paths.ownProfileEdit,
  'user.own.profile.subscribers': () => paths.ownSubscribers,
  'user.own.profile.blocked': () => paths.ownBlocked,
  'user.own.settings': () => paths.ownSettings,
  /** The address, the password and the signed-in devices. */
  'user.own.settings.security': () => paths.ownSecurity,
  /** Which events notify, on which channel; muted creators; quiet hours. */
  'user.own.settings.notifications': () => paths.ownNotificationSettings,
  'user.own.notifications': () => paths.notifications,
  'user.own.profile.goLive': () => paths.goLive,
  'auth.signIn': (p: { next?: string } = {}) => withQuery(paths.signIn, { next: p.next }),
  'auth.signUp': (p: { next?: string } = {}) => withQuery(paths.signUp, { next: p.next }),
  'auth.forgotPassword': () => paths.forgotPassword,
  /** `token` comes from the mailed link; the screen reads it from the query. */
  'auth.resetPassword': (p: { token?: string } = {}) =>
    withQuery(paths.resetPassword, { token: p.token }),
  'auth.verifyEmail': (p: { token?: string } = {}) =>
    withQuery(paths.verifyEmail, { token: p.token }),
  /** A notification mail's unsubscribe link (`token` names the user and what to turn off). */
  'notifications.unsubscribe': (p: { token?: string } = {}) =>
    withQuery(paths.unsubscribe, { token: p.token }),
  /** The terms of service and the privacy policy: readable signed in or not. */
  'legal.terms': () => paths.terms,
  'legal.privacy': () => paths.privacy,
  'legal.copyright': () => paths.copyright,
  'user.own.copyright': () => paths.ownCopyright,
  'auth.suspensionAppeal': () => paths.suspensionAppeal,
  /** Staff only: the reports queue, live streams, account lookup, the audit log. */
  'moderation.console': () => paths.moderationConsole,
  /** Warnings, removed content, a suspension or payout hold, and the appeals. */
  'user.own.settings.standing': () => paths.ownStanding,
  '404': () => paths.notFound,
} as const;

export type RouteName = keyof typeof routes;

/**
 * Control characters in `next`, raw or percent-encoded: a URL parser drops tab and new lines
 * (`/\t/evil.example` becomes `//evil.example`), and none belongs in one of our paths.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_IN_PATH = /[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i;

/**
 * Only same-app paths are followed after sign-in, never another origin (open redirect); a
 * `next` that is not a plain path of ours goes home.
 */
export function safeNext(next: string | null | undefined): string {
  if (
    !next ||
    !next.startsWith('/') ||
    next.startsWith('//') ||
    next.startsWith('/\\') ||
    CONTROL_IN_PATH.test(next)
  ) {
    return paths.home;
  }
  return next;
}
