import { makeAudio } from '../../../test/audio-fixtures.ts';
import { sendAudio } from '../../chats/test/audio-upload.ts';
import type { RouteCase } from './authz-routes.table.ts';

const recording = () => makeAudio({ seconds: 1, format: 'webm' });

/**
 * The matrix rows of voice messages (features/chats/audio-messages.*): into the owner's channel
 * only the owner may record (its readers are refused by role, `other` cannot read it), and
 * anyone but the owner may send one to the owner's direct messages (the owner charges nothing).
 */
export const VOICE_MESSAGE_TABLE: RouteCase[] = [
  {
    method: 'POST',
    path: '/api/messages/audio',
    chat: 'channel',
    statuses: [401, 404, 400, 400, 200],
    errKeys: { 404: 'chat_not_found', 400: 'cannot_send_msg' },
    send: async (c, _url, f) =>
      sendAudio(c, { chatId: f.chats.channel }, { data: await recording() }),
  },
  {
    method: 'POST',
    path: '/api/messages/audio',
    target: 'creator',
    statuses: [401, 200, 200, 200, 400],
    errKeys: { 400: 'cannot_send_msg' },
    send: async (c, _url, f) =>
      sendAudio(c, { receiverId: f.users.owner.user.id }, { data: await recording() }),
  },
];
