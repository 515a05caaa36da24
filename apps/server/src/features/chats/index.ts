/** The chats feature's public face: what other features may use. */
export { audioMessagesRoutes } from './audio-messages.routes.ts';
export { sendAudioMessage } from './audio-messages.service.ts';
export { channelOf, directChatBetween, openStreamChat, postMessage } from './chat-core.service.ts';
export type { PostedMessage } from './chat-core.service.ts';
export { messageForViewer, neutralEventMessage } from './chat-messages.service.ts';
export { chatRoomGuard, chatSocketHandler } from './chat-sockets.ts';
export { chatsRoutes } from './chats.routes.ts';
export { PresenceTracker } from './presence.ts';
export { assertMaySend } from './send-permission.service.ts';
