import type { AppContext } from '../platform/context.ts';
import type { FeatureRoutes } from '../platform/http/app.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { blocksRoutes } from './blocks/blocks.routes.ts';
import { audioMessagesRoutes } from './chats/audio-messages.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { socialRoutes } from './social/social.routes.ts';
import { sessionPlugin } from './auth/session.plugin.ts';
import { makeAvatarVariants } from './media/avatar.service.ts';
import { mediaRoutes } from './media/media.routes.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import { storiesRoutes } from './stories/stories.routes.ts';
import { makeExtraRenditions, processStory } from './stories/story-processing.ts';
import { createTusUploads } from './uploads/tus-server.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { moneyRoutes, registerMoneyJobs } from './money/index.ts';
import { verificationRoutes } from './verification/verification.routes.ts';
import { chatsRoutes } from './chats/chats.routes.ts';
import { chatRoomGuard, chatSocketHandler } from './chats/chat-sockets.ts';
import { PresenceTracker } from './chats/presence.ts';
import { streamsRoutes } from './live/streams.routes.ts';
import { livePlaybackRoutes } from './live/live-playback.routes.ts';

export { createLive, type LiveRuntime } from './live/live.ts';

/** Every feature's routes, in registration order. The session plugin comes first. */
export function featureRoutes(ctx: AppContext): FeatureRoutes[] {
  const uploads = createTusUploads(ctx.config.dataDir, ctx.config.storyUploadMaxBytes, ctx);
  return [
    sessionPlugin(ctx),
    authRoutes(ctx),
    referenceRoutes(ctx),
    usersRoutes(ctx),
    mediaRoutes(ctx),
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
  ] as FeatureRoutes[];
}

/** Every background job's handler. */
export function registerJobs(ctx: AppContext): void {
  ctx.jobs.register('avatar.variants', (payload) => makeAvatarVariants(ctx, payload));
  ctx.jobs.register('story.process', (payload, attempt) => processStory(ctx, payload, attempt));
  ctx.jobs.register('story.extra-renditions', (payload) => makeExtraRenditions(ctx, payload));
  registerMoneyJobs(ctx);
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
