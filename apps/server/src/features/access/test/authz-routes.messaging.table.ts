import { randomUUID } from 'node:crypto';
import { SIGNED_IN, type ChatTarget, type RouteCase, type Statuses } from './authz-routes.table.ts';

/**
 * The authorization matrix rows of the messaging routes (features/chats): the owner has a
 * channel (the follower and the subscriber may read it, `other` may not) and a direct chat with
 * `other` (fixture.chats, test/matrix-chats.ts). Run after the core and money rows.
 */

const CHAT_404 = { 404: 'chat_not_found' };
/** Who reads each chat: channel readers, or the direct chat's two members. */
const READERS: Record<ChatTarget, Statuses> = {
  channel: [401, 404, 200, 200, 200],
  direct: [401, 200, 404, 404, 200],
};
const withStatus = (statuses: Statuses, ok: number): Statuses =>
  statuses.map((s) => (s === 200 ? ok : s)) as Statuses;

const perChat = (row: (chat: ChatTarget) => RouteCase): RouteCase[] =>
  (['channel', 'direct'] as const).map(row);

export const MESSAGING_TABLE: RouteCase[] = [
  { method: 'GET', path: '/api/chats', statuses: SIGNED_IN },
  { method: 'GET', path: '/api/channels', statuses: SIGNED_IN },
  ...perChat((chat) => ({
    method: 'GET',
    path: '/api/chats/load',
    chat,
    statuses: READERS[chat],
    send: (c, url, f) => c.get(`${url}?chat_id=${f.chats[chat]}`),
    errKeys: CHAT_404,
  })),
  {
    // The owner's direct chat with everyone else; none with oneself.
    method: 'GET',
    path: '/api/chats/load',
    target: 'creator',
    statuses: [401, 200, 200, 200, 404],
    send: (c, url, f) => c.get(`${url}?user_id=${f.users.owner.user.id}`),
    errKeys: CHAT_404,
  },
  {
    method: 'GET',
    path: '/api/chats/load',
    target: 'unknown-user',
    statuses: [401, 404, 404, 404, 404],
    send: (c, url) => c.get(`${url}?user_id=2000000000`),
    errKeys: { 404: 'user_not_found' },
  },
  ...perChat((chat) => ({
    method: 'GET',
    path: '/api/chats/{chat_id}/messages',
    chat,
    statuses: READERS[chat],
    errKeys: CHAT_404,
  })),
  // The owner asks nothing for messages: everyone else may write; nobody writes to oneself.
  ...(
    [
      ['/api/messages/check-permission-to-send', {}],
      ['/api/messages/send', { message: 'hi' }],
    ] as const
  ).map(([path, extra]): RouteCase => ({
    method: 'POST',
    path,
    target: 'creator',
    statuses: [401, 200, 200, 200, 400],
    body: (f) => ({
      user_id: f.users.owner.user.id,
      ...extra,
      ...(path === '/api/messages/send' ? { client_id: randomUUID() } : {}),
    }),
    errKeys: { 400: 'cannot_send_msg' },
  })),
  ...perChat((chat) => ({
    method: 'POST',
    path: '/api/messages/send/channel/{chat_id}',
    chat,
    // The channel route takes channels only.
    statuses: chat === 'channel' ? READERS.channel : [401, 404, 404, 404, 404],
    body: () => ({ message: 'hi', client_id: randomUUID() }),
    errKeys: CHAT_404,
  })),
  ...perChat((chat) => ({
    method: 'POST',
    path: '/api/messages/read',
    chat,
    statuses: withStatus(READERS[chat], 204),
    body: (f) => ({ chat_id: f.chats[chat] }),
    errKeys: CHAT_404,
  })),
  // Pins are the channel owner's; a direct chat's members are refused, others find nothing.
  ...perChat((chat) => ({
    method: 'POST',
    path: '/api/chats/{chat_id}/pin',
    chat,
    statuses: chat === 'channel' ? [401, 404, 403, 403, 200] : [401, 403, 404, 404, 403],
    body: (f) => ({ message_id: f.chatMessages[chat] }),
    errKeys: CHAT_404,
  })),
  ...perChat((chat) => ({
    method: 'DELETE',
    path: '/api/chats/{chat_id}/pin',
    chat,
    statuses: chat === 'channel' ? [401, 404, 403, 403, 200] : [401, 403, 404, 404, 403],
    errKeys: CHAT_404,
  })),
  // Deleting the owner's message for everyone: the sender's alone; the chat's other readers are
  // refused, others find no chat. Last of the rows using the owner's message (pin and unpin
  // above): deleting again answers the same, so the owner's 204 holds for any order after it.
  ...perChat((chat) => ({
    method: 'DELETE',
    path: '/api/chats/{chat_id}/messages/{message_id}',
    chat,
    statuses: withStatus(READERS[chat], 403).map((s, i) => (i === 4 ? 204 : s)) as Statuses,
    send: (c, url, f) => c.delete(url.replace('{message_id}', String(f.chatMessages[chat]))),
    errKeys: CHAT_404,
  })),
];
