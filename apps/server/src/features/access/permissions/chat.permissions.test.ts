import { describe, expect, it } from 'vitest';
import type { ChatFact, PartyFact } from '../chat-facts.repository.ts';
import {
  chatSendRefusal,
  decideChatPin,
  decideChatRead,
  decideMessageDelete,
  directMessageRefusal,
  sendRefusalError,
} from './chat.permissions.ts';
import { decideDirectMessage, decideDirectOpen } from './purchase.permissions.ts';
import { AppError } from '../../../platform/errors/app-error.ts';

const OWNER = 1;
const FAN = 2;

function party(overrides: Partial<PartyFact> = {}): PartyFact {
  return {
    id: OWNER,
    verified: true,
    priceCents: null,
    subscribePriceCents: null,
    turnedOff: false,
    subscribersOnly: false,
    subscribed: false,
    purchased: false,
    follows: false,
    viewerBlocked: false,
    blockedByParty: false,
    accountHidden: false,
    ...overrides,
  };
}

const channel = (p: Partial<PartyFact> = {}): ChatFact => ({
  id: 10,
  kind: 'channel',
  ownerId: OWNER,
  memberIds: null,
  viewerRole: null,
  party: party(p),
  stream: null,
});

const direct = (p: Partial<PartyFact> = {}): ChatFact => ({
  id: 11,
  kind: 'direct',
  ownerId: null,
  memberIds: [OWNER, FAN],
  viewerRole: 'member',
  party: party(p),
  stream: null,
});

describe('direct messages (dm.send)', () => {
  it('is free unless the creator charges, turns messages off or takes subscribers only', () => {
    expect(directMessageRefusal(party(), FAN)).toBeNull();
    expect(directMessageRefusal(party({ priceCents: 500, verified: false }), FAN)).toBeNull();
    expect(directMessageRefusal(party({ priceCents: 500 }), FAN)).toBe('should_pay');
    expect(directMessageRefusal(party({ priceCents: 500, purchased: true }), FAN)).toBeNull();
    expect(directMessageRefusal(party({ priceCents: 500, subscribed: true }), FAN)).toBeNull();
    expect(directMessageRefusal(party({ turnedOff: true, subscribed: true }), FAN)).toBe(
      'messages_turned_off',
    );
  });

  it('subscribers only: a subscriber, else pay by subscribing when a subscription is sold', () => {
    const only = { subscribersOnly: true, priceCents: 500 };
    expect(directMessageRefusal(party({ ...only, purchased: true }), FAN)).toBe('subscribers_only');
    expect(directMessageRefusal(party({ ...only, subscribePriceCents: 999 }), FAN)).toBe(
      'should_pay',
    );
    expect(directMessageRefusal(party({ ...only, subscribed: true }), FAN)).toBeNull();
  });

  it('blocks: hidden from the blocked, refused to the blocker; tips skip the settings only', () => {
    expect(directMessageRefusal(party({ blockedByParty: true }), FAN)).toBe('hidden');
    expect(directMessageRefusal(party({ viewerBlocked: true }), FAN)).toBe('user_blocked');
    expect(directMessageRefusal(party({ viewerBlocked: true }), FAN, 'user_tip')).toBe(
      'user_blocked',
    );
    expect(directMessageRefusal(party({ turnedOff: true }), FAN, 'user_tip')).toBeNull();
    expect(directMessageRefusal(party(), OWNER)).toBe('cannot_message_self');
    expect(decideDirectMessage(party({ blockedByParty: true }), FAN)).toBe('hidden');
    expect(decideDirectMessage(party({ priceCents: 1 }), FAN)).toBe('forbidden');
    expect(decideDirectMessage(party(), null)).toBe('hidden');
  });

  it('an account being deleted is sent nothing, tips included, as if it were not there', () => {
    for (const kind of ['text', 'user_tip', 'creator_tip'] as const) {
      expect(directMessageRefusal(party({ accountHidden: true }), FAN, kind)).toBe('hidden');
    }
  });
});

describe('chats', () => {
  it('a channel is read by its owner, followers and subscribers the owner did not block', () => {
    expect(decideChatRead(channel(), OWNER)).toBe('allow');
    expect(decideChatRead(channel(), FAN)).toBe('hidden');
    expect(decideChatRead(channel({ follows: true }), FAN)).toBe('allow');
    expect(decideChatRead(channel({ subscribed: true }), FAN)).toBe('allow');
    expect(decideChatRead(channel({ follows: true, blockedByParty: true }), FAN)).toBe('hidden');
    expect(decideChatRead(channel({ follows: true }), null)).toBe('hidden');
  });

  it('a direct chat is its members’, hidden from the one the other member blocked', () => {
    expect(decideChatRead(direct(), FAN)).toBe('allow');
    expect(decideChatRead(direct(), 3)).toBe('hidden');
    expect(decideChatRead(direct({ blockedByParty: true }), FAN)).toBe('hidden');
    expect(decideChatRead(direct({ viewerBlocked: true }), FAN)).toBe('allow');
  });

  it('an account being deleted: its channel is gone, a direct chat stays readable but closed', () => {
    expect(decideChatRead(channel({ follows: true, accountHidden: true }), FAN)).toBe('hidden');
    expect(decideChatRead(channel({ id: OWNER, accountHidden: true }), OWNER)).toBe('allow');
    expect(decideChatRead(direct({ accountHidden: true }), FAN)).toBe('allow');
    for (const kind of ['text', 'audio', 'story', 'user_tip'] as const) {
      expect(chatSendRefusal(direct({ accountHidden: true }), FAN, kind)).toBe('cannot_send_msg');
    }
  });

  it('channel roles: the owner posts text, stories and audio; viewers text and tips', () => {
    for (const kind of ['text', 'story', 'audio'] as const)
      expect(chatSendRefusal(channel(), OWNER, kind)).toBeNull();
    expect(chatSendRefusal(channel(), OWNER, 'user_tip')).toBe('owner_cannot_tip');
    const reader = channel({ follows: true });
    expect(chatSendRefusal(reader, FAN, 'text')).toBeNull();
    expect(chatSendRefusal(reader, FAN, 'user_tip')).toBeNull();
    expect(chatSendRefusal(reader, FAN, 'story')).toBe('channel_owner_only');
    expect(chatSendRefusal(reader, FAN, 'audio')).toBe('channel_owner_only');
    expect(chatSendRefusal(reader, FAN, 'creator_tip')).toBe('not_in_channels');
    expect(chatSendRefusal(channel({ follows: true, viewerBlocked: true }), FAN, 'text')).toBe(
      'user_blocked',
    );
    expect(chatSendRefusal(channel(), FAN, 'text')).toBe('hidden');
  });

  it('a direct chat sends by the other member’s message settings', () => {
    expect(chatSendRefusal(direct({ priceCents: 300 }), FAN, 'text')).toBe('should_pay');
    expect(chatSendRefusal(direct({ priceCents: 300 }), 3, 'text')).toBe('hidden');
  });

  it('pinning is the channel owner’s: forbidden to readers, hidden from others', () => {
    expect(decideChatPin(channel(), OWNER)).toBe('allow');
    expect(decideChatPin(channel({ follows: true }), FAN)).toBe('forbidden');
    expect(decideChatPin(channel(), FAN)).toBe('hidden');
    expect(decideChatPin(direct(), FAN)).toBe('forbidden');
  });

  it('deleting a message for everyone is its sender’s, in a chat they may read', () => {
    const reader = channel({ follows: true });
    expect(decideMessageDelete({ id: 1, senderId: FAN, chat: reader }, FAN)).toBe('allow');
    expect(decideMessageDelete({ id: 1, senderId: OWNER, chat: reader }, FAN)).toBe('forbidden');
    expect(decideMessageDelete({ id: 1, senderId: FAN, chat: channel() }, FAN)).toBe('hidden');
    expect(decideMessageDelete({ id: 1, senderId: FAN, chat: direct() }, FAN)).toBe('allow');
    expect(decideMessageDelete({ id: 1, senderId: OWNER, chat: direct() }, 3)).toBe('hidden');
  });
});

describe('why a message may not go (explainAccess on chat.send* and dm.send*)', () => {
  const hidden = () => new AppError('chat_not_found');

  it('answers hidden as the caller’s not-found, a reason as cannot_send_msg', () => {
    expect(sendRefusalError('hidden', party(), hidden).errKey).toBe('chat_not_found');
    const refused = sendRefusalError('messages_turned_off', party(), hidden);
    expect([refused.errKey, refused.details.err_msg]).toEqual([
      'cannot_send_msg',
      'messages_turned_off',
    ]);
  });

  it('answers should_pay with what paying would open', () => {
    const both = sendRefusalError(
      'should_pay',
      party({ priceCents: 500, subscribePriceCents: 999 }),
      hidden,
    );
    expect(both.errKey).toBe('should_pay_option');
    expect(both.details.err_paid_options).toEqual([
      { type: 'subscribe', price: 9.99 },
      { type: 'direct_message', price: 5 },
    ]);
    const subscribeOnly = sendRefusalError(
      'should_pay',
      party({ priceCents: 500, subscribePriceCents: 999, subscribersOnly: true }),
      hidden,
    );
    expect(subscribeOnly.details.err_paid_options).toEqual([{ type: 'subscribe', price: 9.99 }]);
  });

  it('opening a direct chat (dm.open) follows user.view, whatever the message settings', () => {
    const addressee = (p: Partial<PartyFact> = {}) => ({ ...party(p), directChatId: null });
    expect(decideDirectOpen(addressee({ turnedOff: true, priceCents: 5 }), FAN)).toBe('allow');
    expect(decideDirectOpen(addressee({ viewerBlocked: true }), FAN)).toBe('allow');
    expect(decideDirectOpen(addressee({ blockedByParty: true }), FAN)).toBe('hidden');
    expect(decideDirectOpen(addressee({ accountHidden: true }), FAN)).toBe('hidden');
    expect(decideDirectOpen(addressee(), null)).toBe('hidden');
  });
});
