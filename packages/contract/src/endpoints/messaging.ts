import { z } from 'zod';
import { idParam, successBody } from '../schemas/common.ts';
import {
  blockedUserSchema,
  blockResponse,
  channelMessageResponse,
  channelTipBody,
  chatIdParam,
  chatListItemSchema,
  chatMessageParams,
  chatMessagesPage,
  chatMessagesQuery,
  chatStateSchema,
  checkPermissionBody,
  loadChatQuery,
  messageSchema,
  pinMessageBody,
  pinnedMessageResponse,
  readMessagesBody,
  sendChannelMessageBody,
  sendMessageBody,
} from '../schemas/messaging.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/** Refusals of a direct message (spec 8): pay first, or a reason in `err_msg`. */
const directRefusals = ['should_pay_option', 'cannot_send_msg', 'user_not_found'] as const;

/**
 * Direct chats, broadcast channels and blocking. Who may read, send, join and pin is decided by
 * the access module's `chat.*` permissions; a chat the viewer is not in answers `chat_not_found`.
 */
export const messagingEndpoints = {
  chats: defineEndpoint(r.chats, { response: z.array(chatListItemSchema) }),
  channels: defineEndpoint(r.channels, { response: z.array(chatListItemSchema) }),
  loadChat: defineEndpoint(r.loadChat, {
    query: loadChatQuery,
    response: chatStateSchema,
    errors: ['chat_not_found', 'user_not_found'],
  }),
  chatMessages: defineEndpoint(r.chatMessages, {
    params: chatIdParam,
    query: chatMessagesQuery,
    response: chatMessagesPage,
    errors: ['chat_not_found'],
  }),
  checkPermissionToSend: defineEndpoint(r.checkPermissionToSend, {
    body: checkPermissionBody,
    response: successBody,
    errors: [...directRefusals],
  }),
  sendMessage: defineEndpoint(r.sendMessage, {
    body: sendMessageBody,
    response: messageSchema,
    errors: [...directRefusals],
  }),
  sendChannelMessage: defineEndpoint(r.sendChannelMessage, {
    params: chatIdParam,
    body: sendChannelMessageBody,
    response: channelMessageResponse,
    errors: ['chat_not_found', 'cannot_send_msg'],
  }),
  readMessages: defineEndpoint(r.readMessages, {
    body: readMessagesBody,
    status: 204,
    errors: ['chat_not_found'],
  }),
  /** Multipart: file `audio` and the fields of `audioMessageFields`. */
  sendAudioMessage: defineEndpoint(r.sendAudioMessage, {
    body: 'multipart',
    response: messageSchema,
    errors: [
      ...directRefusals,
      'chat_not_found',
      'file_missing',
      'file_too_large',
      'not_an_audio',
      'audio_too_long',
    ],
  }),
  pinMessage: defineEndpoint(r.pinMessage, {
    params: chatIdParam,
    body: pinMessageBody,
    response: pinnedMessageResponse,
    errors: ['chat_not_found', 'message_not_found', 'forbidden'],
  }),
  unpinMessage: defineEndpoint(r.unpinMessage, {
    params: chatIdParam,
    response: pinnedMessageResponse,
    errors: ['chat_not_found', 'forbidden'],
  }),
  /**
   * Deletes one of the viewer's own messages for everyone (idempotent). Another's message is
   * `forbidden`; tips, tip requests and priced stories are `message_not_deletable`.
   */
  deleteMessage: defineEndpoint(r.deleteMessage, {
    params: chatMessageParams,
    status: 204,
    errors: ['chat_not_found', 'message_not_found', 'forbidden', 'message_not_deletable'],
  }),
  /** Takes an `Idempotency-Key` header like every paying endpoint. */
  sendChannelTip: defineEndpoint(r.sendChannelTip, {
    body: channelTipBody,
    response: successBody,
    errors: [
      'idempotency_key_required',
      'idempotency_mismatch',
      'email_not_verified',
      'chat_not_found',
      'insufficient_funds',
      'invalid_tip',
      'tip_target_not_verified',
      'cannot_pay_self',
    ],
  }),

  blockUser: defineEndpoint(r.blockUser, {
    params: idParam,
    response: blockResponse,
    errors: ['user_not_found', 'cannot_block_self'],
  }),
  unblockUser: defineEndpoint(r.unblockUser, {
    params: idParam,
    response: blockResponse,
    errors: ['user_not_found', 'cannot_block_self'],
  }),
  blockedUsers: defineEndpoint(r.blockedUsers, { response: z.array(blockedUserSchema) }),
};
