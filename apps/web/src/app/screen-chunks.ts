import { paths } from '../routes.ts';

/*
 * Each screen's chunk, and which screen a path shows. Free of React and the router: the boot
 * code (main.tsx) starts the first screen's chunk with it before either has loaded, and
 * lazy-screens.ts renders a screen whose chunk is already here without suspending.
 */

const imports = {
  home: () => import('../features/home/HomeScreen.tsx'),
  signIn: () => import('../features/auth/SignInScreen.tsx'),
  signUp: () => import('../features/auth/SignUpScreen.tsx'),
  // The mailed links' screens share one chunk.
  forgotPassword: () => import('../features/auth/RecoveryScreens.tsx'),
  resetPassword: () => import('../features/auth/RecoveryScreens.tsx'),
  verifyEmail: () => import('../features/auth/RecoveryScreens.tsx'),
  unsubscribe: () => import('../features/email-unsubscribe/index.ts'),
  ownProfile: () => import('../features/profile/OwnProfileScreen.tsx'),
  profileEdit: () => import('../features/profile/ProfileEditScreen.tsx'),
  subscribers: () => import('../features/subscribers/SubscribersScreen.tsx'),
  blocked: () => import('../features/blocking/BlockedUsersScreen.tsx'),
  settings: () => import('../features/settings/SettingsScreen.tsx'),
  security: () => import('../features/account/SecurityScreen.tsx'),
  // The list and its settings: one chunk, one name (each name costs the first load bytes).
  notifications: () => import('../features/notifications/NotificationScreens.tsx'),
  publicProfile: () => import('../features/profile/PublicProfileScreen.tsx'),
  userStreams: () => import('../features/live/StreamWatchScreen.tsx'),
  goLive: () => import('../features/go-live/GoLiveScreen.tsx'),
  wallet: () => import('../features/wallet/WalletScreen.tsx'),
  search: () => import('../features/search/SearchScreen.tsx'),
  // One chunk for both lists (and the desktop split); a conversation is the other one.
  messages: () => import('../features/chat-lists/MessagingScreens.tsx'),
  channels: () => import('../features/chat-lists/MessagingScreens.tsx'),
  chat: () => import('../features/chat/ChatRouteScreens.tsx'),
  channel: () => import('../features/chat/ChatRouteScreens.tsx'),
  notFound: () => import('../features/not-found/NotFoundScreen.tsx'),
  terms: () => import('../features/legal/LegalScreen.tsx'),
  privacy: () => import('../features/legal/LegalScreen.tsx'),
  // The public notice form, the claimant's page and the creator's notices share one chunk.
  copyright: () => import('../features/copyright/CopyrightScreens.tsx'),
  suspensionAppeal: () => import('../features/appeals/SuspensionAppealScreen.tsx'),
  moderationConsole: () => import('../features/moderation-console/index.ts'),
  standing: () => import('../features/account-standing/index.ts'),
};

export type ScreenName = keyof typeof imports;
export type ScreenModule<S extends ScreenName> = Awaited<ReturnType<(typeof imports)[S]>>;

const loaded: { [S in ScreenName]?: ScreenModule<S> } = {};

/** The screen's module, downloaded once (the import is shared by preloading and rendering). */
export function loadScreen<S extends ScreenName>(screen: S): Promise<ScreenModule<S>> {
  return (imports[screen]() as Promise<ScreenModule<S>>).then((module) => {
    (loaded as Record<S, ScreenModule<S>>)[screen] = module;
    return module;
  });
}

/** The screen's module if it has arrived already. */
export function loadedScreen<S extends ScreenName>(screen: S): ScreenModule<S> | undefined {
  return loaded[screen] as ScreenModule<S> | undefined;
}

/** Which screen each route pattern shows (router.tsx registers the same patterns). */
const screenOfPath: [pattern: string, screen: ScreenName][] = [
  [paths.home, 'home'],
  [paths.signIn, 'signIn'],
  [paths.signUp, 'signUp'],
  [paths.forgotPassword, 'forgotPassword'],
  [paths.resetPassword, 'resetPassword'],
  [paths.verifyEmail, 'verifyEmail'],
  [paths.unsubscribe, 'unsubscribe'],
  [paths.ownProfile, 'ownProfile'],
  [paths.ownProfileEdit, 'profileEdit'],
  [paths.ownSubscribers, 'subscribers'],
  [paths.ownBlocked, 'blocked'],
  [paths.ownSettings, 'settings'],
  [paths.ownSecurity, 'security'],
  [paths.ownNotificationSettings, 'notifications'],
  [paths.notifications, 'notifications'],
  [paths.goLive, 'goLive'],
  [paths.userProfile, 'publicProfile'],
  [paths.userStreams, 'userStreams'],
  [paths.wallet, 'wallet'],
  [paths.search, 'search'],
  [paths.messages, 'messages'],
  [paths.channels, 'channels'],
  [paths.chat, 'chat'],
  [paths.channel, 'channel'],
  [paths.terms, 'terms'],
  [paths.privacy, 'privacy'],
  [paths.copyright, 'copyright'],
  [paths.courtAction, 'copyright'],
  [paths.ownCopyright, 'copyright'],
  [paths.suspensionAppeal, 'suspensionAppeal'],
  [paths.moderationConsole, 'moderationConsole'],
  [paths.ownStanding, 'standing'],
];

/**
 * Whether `pathname` matches a pattern of routes.ts as the router matches it: whole segments,
 * case-insensitive, `:name` for one non-empty segment, an optional trailing slash.
 */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (wanted.length !== actual.length) return false;
  return wanted.every(
    (segment, index) =>
      segment.startsWith(':') || segment.toLowerCase() === actual[index]?.toLowerCase(),
  );
}

/** The screen at `pathname`; undefined for a path no screen claims. */
export function screenAt(pathname: string): ScreenName | undefined {
  return screenOfPath.find(([pattern]) => matchesPattern(pattern, pathname))?.[1];
}

/** Starts downloading the chunk of the screen at `pathname` and names that screen. */
export function preloadScreen(pathname: string): ScreenName | undefined {
  const screen = screenAt(pathname);
  if (screen) void loadScreen(screen).catch(() => undefined);
  return screen;
}
