import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '../routes.ts';
import { AppShell } from './AppShell.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import * as Screens from './lazy-screens.ts';
import { NarrowColumn } from './NarrowColumn.tsx';
import { RootLayout } from './RootLayout.tsx';
import { ScreenArea, SignedInLayout } from './SignedInLayout.tsx';

/** Every route of spec section 2 under a readable path; names live in routes.ts. */
export const routeTree: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <RequireAuth />,
        children: [
          {
            element: <SignedInLayout />,
            children: [
              {
                element: <ScreenArea width="column" />,
                children: [
                  {
                    element: <AppShell />,
                    children: [
                      { path: paths.home, element: <Screens.HomeScreen /> },
                      // The lists; a chat is their child (beside the list on a desktop).
                      {
                        path: paths.messages,
                        element: <Screens.MessagesScreen />,
                        children: [{ path: paths.chat, element: <Screens.ChatScreen /> }],
                      },
                      {
                        path: paths.channels,
                        element: <Screens.ChannelsScreen />,
                        children: [{ path: paths.channel, element: <Screens.ChannelScreen /> }],
                      },
                      { path: paths.ownProfile, element: <Screens.OwnProfileScreen /> },
                    ],
                  },
                  { path: paths.ownProfileEdit, element: <Screens.ProfileEditScreen /> },
                  { path: paths.ownSubscribers, element: <Screens.SubscribersScreen /> },
                  { path: paths.ownBlocked, element: <Screens.BlockedUsersScreen /> },
                  { path: paths.ownSettings, element: <Screens.SettingsScreen /> },
                  { path: paths.ownSecurity, element: <Screens.SecurityScreen /> },
                  {
                    path: paths.ownNotificationSettings,
                    element: <Screens.NotificationSettingsScreen />,
                  },
                  { path: paths.notifications, element: <Screens.NotificationsScreen /> },
                  { path: paths.goLive, element: <Screens.GoLiveScreen /> },
                  { path: paths.wallet, element: <Screens.WalletScreen /> },
                  { path: paths.search, element: <Screens.SearchScreen /> },
                  { path: paths.userProfile, element: <Screens.PublicProfileScreen /> },
                  { path: paths.ownCopyright, element: <Screens.OwnNoticesScreen /> },
                  { path: paths.ownStanding, element: <Screens.AccountStandingScreen /> },
                ],
              },
              {
                element: <ScreenArea width="full" />,
                children: [
                  { path: paths.userStreams, element: <Screens.StreamWatchScreen /> },
                  // Desktop-first list and detail: all the room beside the rail.
                  {
                    path: paths.moderationConsole,
                    element: <Screens.ModerationConsoleScreen />,
                  },
                ],
              },
            ],
          },
        ],
      },
      // The terms and privacy policy: for everyone, signed in or not, at reading width.
      { path: paths.terms, element: <Screens.TermsScreen /> },
      { path: paths.privacy, element: <Screens.PrivacyScreen /> },
      {
        element: <NarrowColumn />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: paths.signIn, element: <Screens.SignInScreen /> },
              { path: paths.signUp, element: <Screens.SignUpScreen /> },
            ],
          },
          // Opened from mailed links, in whatever browser the mail is read: signed in or not.
          { path: paths.forgotPassword, element: <Screens.ForgotPasswordScreen /> },
          { path: paths.resetPassword, element: <Screens.ResetPasswordScreen /> },
          { path: paths.verifyEmail, element: <Screens.VerifyEmailScreen /> },
          { path: paths.unsubscribe, element: <Screens.UnsubscribeScreen /> },
          // Copyright notices need no account; a suspended account cannot sign in to appeal.
          { path: paths.copyright, element: <Screens.CopyrightNoticeScreen /> },
          { path: paths.courtAction, element: <Screens.CourtActionScreen /> },
          { path: paths.suspensionAppeal, element: <Screens.SuspensionAppealScreen /> },
          { path: paths.notFound, element: <Screens.NotFoundScreen /> },
          { path: '*', element: <Screens.NotFoundScreen /> },
        ],
      },
    ],
  },
];

/**
 * Declarative routing (useRoutes) rather than a data router: screens fetch with react-query, so
 * loaders would go unused, and this mode ships ~18 KB gzip less.
 */
export function AppRoutes() {
  return useRoutes(routeTree);
}
