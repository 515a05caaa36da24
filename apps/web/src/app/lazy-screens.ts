import { lazy } from 'react';
import { matchPath } from 'react-router';
import { paths } from '../routes.ts';

/** Each screen is its own chunk, fetched the first time its route is visited (or preloaded). */
const load = {
  home: () => import('../features/home/HomeScreen.tsx'),
  signIn: () => import('../features/auth/SignInScreen.tsx'),
  signUp: () => import('../features/auth/SignUpScreen.tsx'),
  ownProfile: () => import('../features/profile/OwnProfileScreen.tsx'),
  profileEdit: () => import('../features/profile/ProfileEditScreen.tsx'),
  subscribers: () => import('../features/subscribers/SubscribersScreen.tsx'),
  blocked: () => import('../features/blocking/BlockedUsersScreen.tsx'),
  publicProfile: () => import('../features/profile/PublicProfileScreen.tsx'),
  userStreams: () => import('../features/live/StreamWatchScreen.tsx'),
  goLive: () => import('../features/go-live/GoLiveScreen.tsx'),
  wallet: () => import('../features/wallet/WalletScreen.tsx'),
  // One chunk for both lists (and the desktop split); a conversation is the other one.
  messages: () => import('../features/chat-lists/MessagingScreens.tsx'),
  channels: () => import('../features/chat-lists/MessagingScreens.tsx'),
  chat: () => import('../features/chat/ChatRouteScreens.tsx'),
  channel: () => import('../features/chat/ChatRouteScreens.tsx'),
  notFound: () => import('../features/not-found/NotFoundScreen.tsx'),
};

export type ScreenName = keyof typeof load;

export const HomeScreen = lazy(() => load.home().then((m) => ({ default: m.HomeScreen })));
export const SignInScreen = lazy(() => load.signIn().then((m) => ({ default: m.SignInScreen })));
export const SignUpScreen = lazy(() => load.signUp().then((m) => ({ default: m.SignUpScreen })));
export const OwnProfileScreen = lazy(() =>
  load.ownProfile().then((m) => ({ default: m.OwnProfileScreen })),
);
export const ProfileEditScreen = lazy(() =>
  load.profileEdit().then((m) => ({ default: m.ProfileEditScreen })),
);
export const SubscribersScreen = lazy(() =>
  load.subscribers().then((m) => ({ default: m.SubscribersScreen })),
);
export const BlockedUsersScreen = lazy(() =>
  load.blocked().then((m) => ({ default: m.BlockedUsersScreen })),
);
export const PublicProfileScreen = lazy(() =>
  load.publicProfile().then((m) => ({ default: m.PublicProfileScreen })),
);
export const StreamWatchScreen = lazy(() =>
  load.userStreams().then((m) => ({ default: m.StreamWatchScreen })),
);
export const GoLiveScreen = lazy(() => load.goLive().then((m) => ({ default: m.GoLiveScreen })));
export const WalletScreen = lazy(() => load.wallet().then((m) => ({ default: m.WalletScreen })));
export const MessagesScreen = lazy(() =>
  load.messages().then((m) => ({ default: m.MessagesScreen })),
);
export const ChannelsScreen = lazy(() =>
  load.channels().then((m) => ({ default: m.ChannelsScreen })),
);
export const ChatScreen = lazy(() => load.chat().then((m) => ({ default: m.ChatScreen })));
export const ChannelScreen = lazy(() => load.channel().then((m) => ({ default: m.ChannelScreen })));
export const NotFoundScreen = lazy(() =>
  load.notFound().then((m) => ({ default: m.NotFoundScreen })),
);

/** Which screen each route pattern shows (router.tsx registers the same patterns). */
const screenOfPath: [pattern: string, screen: ScreenName][] = [
  [paths.home, 'home'],
  [paths.signIn, 'signIn'],
  [paths.signUp, 'signUp'],
  [paths.ownProfile, 'ownProfile'],
  [paths.ownProfileEdit, 'profileEdit'],
  [paths.ownSubscribers, 'subscribers'],
  [paths.ownBlocked, 'blocked'],
  [paths.goLive, 'goLive'],
  [paths.userProfile, 'publicProfile'],
  [paths.userStreams, 'userStreams'],
  [paths.wallet, 'wallet'],
  [paths.messages, 'messages'],
  [paths.channels, 'channels'],
  [paths.chat, 'chat'],
  [paths.channel, 'channel'],
];

/**
 * Starts fetching the chunk of the screen at `pathname` (the import is shared with the lazy
 * component above, so rendering it later reuses the download) and names that screen; undefined
 * for a path no screen claims.
 */
export function preloadScreen(pathname: string): ScreenName | undefined {
  const screen = screenOfPath.find(([pattern]) => matchPath(pattern, pathname))?.[1];
  if (screen) void load[screen]().catch(() => undefined);
  return screen;
}
