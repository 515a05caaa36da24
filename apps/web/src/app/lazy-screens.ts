import { lazy, type ComponentType } from 'react';
import { resolvedThenable } from '../lib/lazy-module.ts';
import { loadedScreen, loadScreen, type ScreenModule, type ScreenName } from './screen-chunks.ts';

export { preloadScreen, type ScreenName } from './screen-chunks.ts';

/** Each screen is its own chunk, fetched the first time its route is visited (or preloaded). */
function lazyScreen<S extends ScreenName, P extends object>(
  screen: S,
  pick: (module: ScreenModule<S>) => ComponentType<P>,
) {
  return lazy(() => {
    const module = loadedScreen(screen);
    if (module)
      return resolvedThenable({ default: pick(module) }) as Promise<{ default: ComponentType<P> }>;
    return loadScreen(screen).then((loadedModule) => ({ default: pick(loadedModule) }));
  });
}

export const HomeScreen = lazyScreen('home', (m) => m.HomeScreen);
export const SignInScreen = lazyScreen('signIn', (m) => m.SignInScreen);
export const SignUpScreen = lazyScreen('signUp', (m) => m.SignUpScreen);
export const ForgotPasswordScreen = lazyScreen('forgotPassword', (m) => m.ForgotPasswordScreen);
export const ResetPasswordScreen = lazyScreen('resetPassword', (m) => m.ResetPasswordScreen);
export const VerifyEmailScreen = lazyScreen('verifyEmail', (m) => m.VerifyEmailScreen);
export const UnsubscribeScreen = lazyScreen('unsubscribe', (m) => m.UnsubscribeScreen);
export const OwnProfileScreen = lazyScreen('ownProfile', (m) => m.OwnProfileScreen);
export const ProfileEditScreen = lazyScreen('profileEdit', (m) => m.ProfileEditScreen);
export const SubscribersScreen = lazyScreen('subscribers', (m) => m.SubscribersScreen);
export const BlockedUsersScreen = lazyScreen('blocked', (m) => m.BlockedUsersScreen);
export const SettingsScreen = lazyScreen('settings', (m) => m.SettingsScreen);
export const SecurityScreen = lazyScreen('security', (m) => m.SecurityScreen);
export const NotificationsScreen = lazyScreen('notifications', (m) => m.NotificationsScreen);
export const NotificationSettingsScreen = lazyScreen(
  'notifications',
  (m) => m.NotificationSettingsScreen,
);
export const PublicProfileScreen = lazyScreen('publicProfile', (m) => m.PublicProfileScreen);
export const StreamWatchScreen = lazyScreen('userStreams', (m) => m.StreamWatchScreen);
export const GoLiveScreen = lazyScreen('goLive', (m) => m.GoLiveScreen);
export const WalletScreen = lazyScreen('wallet', (m) => m.WalletScreen);
export const SearchScreen = lazyScreen('search', (m) => m.SearchScreen);
export const MessagesScreen = lazyScreen('messages', (m) => m.MessagesScreen);
export const ChannelsScreen = lazyScreen('channels', (m) => m.ChannelsScreen);
export const ChatScreen = lazyScreen('chat', (m) => m.ChatScreen);
export const ChannelScreen = lazyScreen('channel', (m) => m.ChannelScreen);
export const NotFoundScreen = lazyScreen('notFound', (m) => m.NotFoundScreen);
export const TermsScreen = lazyScreen('terms', (m) => m.TermsScreen);
export const PrivacyScreen = lazyScreen('privacy', (m) => m.PrivacyScreen);
export const CopyrightNoticeScreen = lazyScreen('copyright', (m) => m.CopyrightNoticeScreen);
export const CourtActionScreen = lazyScreen('copyright', (m) => m.CourtActionScreen);
export const OwnNoticesScreen = lazyScreen('copyright', (m) => m.OwnNoticesScreen);
export const SuspensionAppealScreen = lazyScreen(
  'suspensionAppeal',
  (m) => m.SuspensionAppealScreen,
);
export const ModerationConsoleScreen = lazyScreen(
  'moderationConsole',
  (m) => m.ModerationConsoleScreen,
);
export const AccountStandingScreen = lazyScreen('standing', (m) => m.AccountStandingScreen);
