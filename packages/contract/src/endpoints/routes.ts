import type { EndpointRoute } from './define.ts';

/**
 * Method and path of every endpoint, by name. Kept apart from the schemas (and free of zod) so
 * the web client can look a path up at run time without shipping zod in its first bundle.
 */
export const endpointRoutes = {
  echo: { method: 'GET', path: '/api/echo' },
  register: { method: 'POST', path: '/api/auth/register' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  me: { method: 'GET', path: '/api/auth/me' },
  session: { method: 'GET', path: '/api/auth/session' },
  clearGuide: { method: 'POST', path: '/api/users/update-guide' },
  verifyEmail: { method: 'POST', path: '/api/auth/email/verify' },
  resendVerification: { method: 'POST', path: '/api/auth/email/resend' },
  forgotPassword: { method: 'POST', path: '/api/auth/password/forgot' },
  resetPassword: { method: 'POST', path: '/api/auth/password/reset' },
  changePassword: { method: 'PUT', path: '/api/users/me/password' },
  changeEmail: { method: 'POST', path: '/api/users/me/email' },
  updateLanguage: { method: 'PUT', path: '/api/users/me/language' },
  sessions: { method: 'GET', path: '/api/auth/sessions' },
  revokeSession: { method: 'DELETE', path: '/api/auth/sessions/:id' },
  revokeOtherSessions: { method: 'POST', path: '/api/auth/sessions/revoke-others' },

  countries: { method: 'GET', path: '/api/countries' },
  tags: { method: 'GET', path: '/api/tags' },
  userCategories: { method: 'GET', path: '/api/user-categories' },

  companion: { method: 'GET', path: '/api/users/:id' },
  profileBySlug: { method: 'GET', path: '/api/users/slug/:slug' },
  updateProfile: { method: 'PUT', path: '/api/users/me/profile' },
  uploadAvatar: { method: 'POST', path: '/api/users/me/avatar' },
  follow: { method: 'POST', path: '/api/users/:id/follow' },
  unfollow: { method: 'DELETE', path: '/api/users/:id/follow' },

  createStory: { method: 'POST', path: '/api/stories' },
  ownStories: { method: 'GET', path: '/api/users/me/stories' },
  storyGroup: { method: 'GET', path: '/api/users/:id/stories' },
  story: { method: 'GET', path: '/api/stories/:id' },
  editStory: { method: 'PATCH', path: '/api/stories/:id' },
  deleteStory: { method: 'DELETE', path: '/api/stories/:id' },
  storyStatistics: { method: 'GET', path: '/api/stories/:id/statistics' },
  watchStory: { method: 'POST', path: '/api/stories/:id/watch' },
  reportStory: { method: 'POST', path: '/api/stories/:id/report' },
  unlockStory: { method: 'POST', path: '/api/stories/:id/unlock' },
  replyToStory: { method: 'POST', path: '/api/stories/:id/reply' },
  storyViewers: { method: 'GET', path: '/api/stories/:id/viewers' },

  homeStories: { method: 'GET', path: '/api/home/stories/:section' },

  search: { method: 'GET', path: '/api/search' },

  wallet: { method: 'GET', path: '/api/wallet' },
  topUp: { method: 'POST', path: '/api/wallet/top-up' },
  requestPayout: { method: 'POST', path: '/api/wallet/payouts' },
  payouts: { method: 'GET', path: '/api/wallet/payouts' },
  walletHistory: { method: 'GET', path: '/api/wallet/history' },
  earnings: { method: 'GET', path: '/api/wallet/earnings' },
  paymentWebhook: { method: 'POST', path: '/api/payments/webhook/:provider' },

  sendTip: { method: 'POST', path: '/api/tips' },
  tipRequests: { method: 'GET', path: '/api/tips/requests' },
  payTipRequest: { method: 'POST', path: '/api/tips/requests/:id/pay' },
  declineTipRequest: { method: 'DELETE', path: '/api/tips/requests/:id' },

  subscribe: { method: 'POST', path: '/api/users/:id/subscribe' },
  cancelSubscription: { method: 'DELETE', path: '/api/users/:id/subscribe' },
  subscription: { method: 'GET', path: '/api/users/:id/subscription' },
  subscribers: { method: 'GET', path: '/api/users/me/subscribers' },
  buyDirectMessage: { method: 'POST', path: '/api/users/:id/buy-direct-message' },

  blockUser: { method: 'POST', path: '/api/users/:id/block' },
  unblockUser: { method: 'DELETE', path: '/api/users/:id/block' },
  blockedUsers: { method: 'GET', path: '/api/users/me/blocked' },

  chats: { method: 'GET', path: '/api/chats' },
  channels: { method: 'GET', path: '/api/channels' },
  loadChat: { method: 'GET', path: '/api/chats/load' },
  chatMessages: { method: 'GET', path: '/api/chats/:chat_id/messages' },
  checkPermissionToSend: { method: 'POST', path: '/api/messages/check-permission-to-send' },
  sendMessage: { method: 'POST', path: '/api/messages/send' },
  sendChannelMessage: { method: 'POST', path: '/api/messages/send/channel/:chat_id' },
  readMessages: { method: 'POST', path: '/api/messages/read' },
  sendAudioMessage: { method: 'POST', path: '/api/messages/audio' },
  pinMessage: { method: 'POST', path: '/api/chats/:chat_id/pin' },
  unpinMessage: { method: 'DELETE', path: '/api/chats/:chat_id/pin' },
  deleteMessage: { method: 'DELETE', path: '/api/chats/:chat_id/messages/:message_id' },
  sendChannelTip: { method: 'POST', path: '/api/tips/channel' },

  homeStreams: { method: 'GET', path: '/api/home/streams/:section' },
  createStream: { method: 'POST', path: '/api/streams' },
  endStream: { method: 'DELETE', path: '/api/streams/:id' },
  stream: { method: 'GET', path: '/api/streams/:id' },
  userStream: { method: 'GET', path: '/api/users/:id/stream' },
  ownStream: { method: 'GET', path: '/api/users/me/stream' },
  enterStream: { method: 'POST', path: '/api/streams/:id/enter' },
  streamKey: { method: 'GET', path: '/api/streams/key' },
  rotateStreamKey: { method: 'POST', path: '/api/streams/key/rotate' },

  startVerification: { method: 'POST', path: '/api/verification/start' },
  checkVerification: { method: 'GET', path: '/api/verification/check' },
  verificationWebhook: { method: 'POST', path: '/api/verification/webhook/:provider' },
} as const satisfies Record<string, EndpointRoute>;

export type EndpointName = keyof typeof endpointRoutes;
