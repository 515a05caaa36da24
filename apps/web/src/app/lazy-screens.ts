import { lazy } from 'react';

/** Each screen is its own chunk, fetched the first time its route is visited. */
export const HomeScreen = lazy(() =>
  import('../features/home/HomeScreen.tsx').then((m) => ({ default: m.HomeScreen })),
);
export const SignInScreen = lazy(() =>
  import('../features/auth/SignInScreen.tsx').then((m) => ({ default: m.SignInScreen })),
);
export const SignUpScreen = lazy(() =>
  import('../features/auth/SignUpScreen.tsx').then((m) => ({ default: m.SignUpScreen })),
);
export const OwnProfileScreen = lazy(() =>
  import('../features/profile/OwnProfileScreen.tsx').then((m) => ({ default: m.OwnProfileScreen })),
);
export const ProfileEditScreen = lazy(() =>
  import('../features/profile/ProfileEditScreen.tsx').then((m) => ({
    default: m.ProfileEditScreen,
  })),
);
export const PublicProfileScreen = lazy(() =>
  import('../features/profile/PublicProfileScreen.tsx').then((m) => ({
    default: m.PublicProfileScreen,
  })),
);
export const UserStreamsScreen = lazy(() =>
  import('../features/placeholders/UserStreamsScreen.tsx').then((m) => ({
    default: m.UserStreamsScreen,
  })),
);
export const WalletScreen = lazy(() =>
  import('../features/placeholders/WalletScreen.tsx').then((m) => ({ default: m.WalletScreen })),
);
export const MessagesScreen = lazy(() =>
  import('../features/placeholders/MessagesScreen.tsx').then((m) => ({
    default: m.MessagesScreen,
  })),
);
export const ChannelsScreen = lazy(() =>
  import('../features/placeholders/ChannelsScreen.tsx').then((m) => ({
    default: m.ChannelsScreen,
  })),
);
export const ChatScreen = lazy(() =>
  import('../features/placeholders/ChatScreen.tsx').then((m) => ({ default: m.ChatScreen })),
);
export const ChannelScreen = lazy(() =>
  import('../features/placeholders/ChannelScreen.tsx').then((m) => ({ default: m.ChannelScreen })),
);
export const NotFoundScreen = lazy(() =>
  import('../features/not-found/NotFoundScreen.tsx').then((m) => ({ default: m.NotFoundScreen })),
);
