/** The chats feature's public face: what other features and the composition root use. */
// Routes, the chat sockets and the online-dot tracker (features/index.ts).
export { audioMessagesRoutes } from './audio-messages.routes.ts';
export { chatsRoutes } from './chats.routes.ts';
export { chatRoomGuard, chatSocketHandler } from './chat-sockets.ts';
export { PresenceTracker } from './presence.ts';
// Finding or making chats: a pair's direct chat, a creator's channel, a stream's chat.
export { channelOf, directChatBetween, openStreamChat } from './chat-core.service.ts';
// Posting into a chat (stories shared into chats, tip messages, the demo's lines and voice).
export { postMessage } from './chat-core.service.ts';
export type { PostedMessage } from './chat-core.service.ts';
// Telling a posted message's recipients (the demo's lines; the chats' own sends do it inside).
export { noticeMessages } from './message-notices.ts';
// The job that tells a channel's members of its owner's posts (features/index.ts registers it).
export { runChannelNotices } from './message-notices.ts';
export { assertMaySend } from './send-permission.service.ts';
export { sendAudioMessage } from './audio-messages.service.ts';
// Messages as a viewer sees them, and the neutral copy a posted message's event carries.
export { messageForViewer, neutralEventMessage } from './chat-messages.service.ts';
// Moderation's enforcement (issue 29): a message taken down for everyone, and put back.
export { restoreMessage, takeDownMessage } from './message-takedown.service.ts';
