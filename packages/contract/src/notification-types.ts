/**
 * What notifies (issue 28), one name per kind of event. The web shows each through its own text;
 * preferences are kept per type and channel.
 */
export const NOTIFICATION_TYPES = [
  /** A creator the user follows or subscribes to posted a story. */
  'story_posted',
  /** A creator the user follows or subscribes to went live. */
  'stream_started',
  /** A direct message while the user was not in that chat. */
  'direct_message',
  /** A post in a channel the user is in, while not in it. */
  'channel_post',
  'tip_received',
  'tip_requested',
  /** Someone bought one of the user's stories. */
  'story_purchased',
  'subscriber_new',
  /** A renewal of the user's subscription failed: the wallet could not pay. */
  'renewal_failed',
  /** The user's subscription ends soon and will not renew. */
  'subscription_ending',
  'payout_paid',
  'payout_failed',
  'verification_decided',
  /** Security: a new sign-in, the password or the address changed. */
  'security_sign_in',
  'security_password_changed',
  'security_email_changed',
  /** A copyright notice took a story down, or the story came back (outcome). */
  'copyright_notice',
  /** A moderator granted or denied the user's appeal (outcome). */
  'appeal_decided',
  /** A report the user made was decided (outcome: dismissed | actioned). */
  'report_resolved',
  /** Moderation decided about the user's account or content (outcome: the action). */
  'moderation_notice',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'push', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How a type's email goes: at once, gathered in the daily digest, or not at all. */
export const EMAIL_MODES = ['immediate', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export interface NotificationPreference {
  in_app: boolean;
  push: boolean;
  email: EmailMode;
}

const everywhere = (email: EmailMode): NotificationPreference => ({
  in_app: true,
  push: true,
  email,
});

/**
 * What a user who never changed a setting gets: everything in the app and on the phone; mail
 * at once for money, in the digest for what creators post and sell, none for chat lines (they
 * come often and the app shows them).
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationType, NotificationPreference> = {
  story_posted: everywhere('digest'),
  stream_started: everywhere('off'),
  direct_message: everywhere('off'),
  channel_post: everywhere('off'),
  tip_received: everywhere('immediate'),
  tip_requested: everywhere('immediate'),
  story_purchased: everywhere('digest'),
  subscriber_new: everywhere('digest'),
  renewal_failed: everywhere('immediate'),
  subscription_ending: everywhere('immediate'),
  payout_paid: everywhere('immediate'),
  payout_failed: everywhere('immediate'),
  verification_decided: everywhere('immediate'),
  // The account's own mails (features/auth) already tell the address of these.
  security_sign_in: everywhere('off'),
  security_password_changed: everywhere('off'),
  security_email_changed: everywhere('off'),
  // Legal and moderation outcomes: the account must learn of them, so mail goes at once.
  copyright_notice: everywhere('immediate'),
  appeal_decided: everywhere('immediate'),
  // Reporters learn the outcome in the app; the owner of actioned content by mail too.
  report_resolved: { in_app: true, push: true, email: 'off' },
  moderation_notice: everywhere('immediate'),
};

/** Security notices always reach the in-app list: that channel cannot be turned off for them. */
export const ALWAYS_ON_TYPES: readonly NotificationType[] = [
  'security_sign_in',
  'security_password_changed',
  'security_email_changed',
];

/** How many notifications one page of GET /api/notifications holds at most. */
export const NOTIFICATIONS_PAGE_MAX = 50;
