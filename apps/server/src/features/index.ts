import type { AppContext } from '../platform/context.ts';
import type { FeatureRoutes } from '../platform/http/app.ts';
import { accountDeletionRoutes } from './account-deletion/index.ts';
import { authRoutes, sendPasswordReset, sessionPlugin } from './auth/index.ts';
import { appealsRoutes } from './appeals/index.ts';
import { blocksRoutes } from './blocks/index.ts';
import { copyrightRoutes } from './copyright/index.ts';
import { exportsRoutes, registerExportJobs } from './exports/index.ts';
import {
  audioMessagesRoutes,
  chatsRoutes,
  chatRoomGuard,
  chatSocketHandler,
  PresenceTracker,
  runChannelNotices,
} from './chats/index.ts';
import { homeRoutes } from './home/index.ts';
import { mailRoutes, registerMailJobs } from './mail/index.ts';
import {
  notificationEmailRoutes,
  registerNotificationEmailJobs,
} from './notifications/email/index.ts';
import { notificationsRoutes, registerFanOutJobs } from './notifications/index.ts';
import { pushRoutes, registerPushJobs } from './notifications/push/index.ts';
import { searchRoutes } from './search/index.ts';
import { socialRoutes } from './social/index.ts';
import { mediaRoutes } from './media/index.ts';
import { referenceRoutes } from './reference/index.ts';
import { storiesRoutes, makeExtraRenditions, processStory } from './stories/index.ts';
import { createTusUploads, uploadsRoutes } from './uploads/index.ts';
import { makeAvatarVariants, usersRoutes } from './users/index.ts';
import { moneyRoutes, registerMoneyJobs } from './money/index.ts';
import { verificationRoutes } from './verification/index.ts';
import { streamsRoutes, livePlaybackRoutes } from './live/index.ts';
import { moderationRoutes, reviewRoutes } from './moderation/index.ts';
import { knownContentRoutes } from './known-content/index.ts';
import { staffStartup } from './staff/index.ts';

export { createLive, type LiveRuntime } from './live/index.ts';
// Worker nodes' restore sweep for countered copyright notices (server.ts starts it).
export { CopyrightRestorer } from './copyright/index.ts';

/** Every feature's routes, in registration order. The session plugin comes first. */
export function featureRoutes(ctx: AppContext): FeatureRoutes[] {
  const uploads = createTusUploads(ctx);
  return [
    sessionPlugin(ctx),
    authRoutes(ctx),
    referenceRoutes(ctx),
    usersRoutes(ctx),
    accountDeletionRoutes(ctx),
    mediaRoutes(ctx),
    mailRoutes(ctx),
    uploadsRoutes(uploads),
    storiesRoutes(ctx, uploads),
    homeRoutes(ctx),
    searchRoutes(ctx),
    socialRoutes(ctx),
    blocksRoutes(ctx),
    ...moneyRoutes(ctx),
    verificationRoutes(ctx),
    chatsRoutes(ctx),
    audioMessagesRoutes(ctx),
    streamsRoutes(ctx),
    livePlaybackRoutes(ctx),
    exportsRoutes(ctx),
    pushRoutes(ctx),
    notificationsRoutes(ctx),
    notificationEmailRoutes(ctx),
    moderationRoutes(ctx),
    knownContentRoutes(ctx),
    reviewRoutes(ctx),
    staffStartup(ctx),
    copyrightRoutes(ctx),
    appealsRoutes(ctx),
  ] as FeatureRoutes[];
}

/** Every background job's handler. */
export function registerJobs(ctx: AppContext): void {
  ctx.jobs.register('avatar.variants', (payload) => makeAvatarVariants(ctx, payload));
  ctx.jobs.register('story.process', (payload, attempt) => processStory(ctx, payload, attempt));
  ctx.jobs.register('story.extra-renditions', (payload) => makeExtraRenditions(ctx, payload));
  registerMoneyJobs(ctx);
  registerMailJobs(ctx);
  registerExportJobs(ctx);
  registerPushJobs(ctx);
  registerFanOutJobs(ctx);
  ctx.jobs.register('chats.channel-notices', (payload) => runChannelNotices(ctx, payload));
  registerNotificationEmailJobs(ctx);
  ctx.jobs.register('auth.password-reset', (payload) => sendPasswordReset(ctx, payload));
}

/**
 * Every feature's realtime handlers (client-to-server events), registered before the socket hub
 * starts taking connections: messaging's `chat.join`, `chat.leave`, `typing` and presence.
 * Answers what stops them (presence writes), called before the database closes.
 */
export function registerRealtime(ctx: AppContext): () => Promise<void> {
  const presence = new PresenceTracker(ctx);
  ctx.realtime.onConnection(chatSocketHandler(ctx, presence));
  ctx.realtime.guardRooms(chatRoomGuard(ctx));
  return () => presence.stop();
}
