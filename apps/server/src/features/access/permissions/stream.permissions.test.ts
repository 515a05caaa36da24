import { describe, expect, it } from 'vitest';
import type { StreamFact } from '../stream-facts.repository.ts';
import { chatReadable, chatSendRefusal } from './chat.permissions.ts';
import {
  decideStreamIngest,
  decideStreamManage,
  decideStreamView,
  decideStreamWatch,
  streamNeedsPayment,
  streamPermissions,
} from './stream.permissions.ts';

const CREATOR = 1;
const FAN = 2;

const stream = (overrides: Partial<StreamFact> = {}): StreamFact => ({
  id: 7,
  creatorId: CREATOR,
  status: 'live',
  audience: 'everyone',
  priceCents: null,
  chatId: 70,
  blocksViewer: false,
  creatorHidden: false,
  follows: false,
  subscribed: false,
  entered: false,
  ...overrides,
});

describe('stream.view', () => {
  it('follows the audience and the creator’s blocks; the creator always sees it', () => {
    expect(decideStreamView(stream(), FAN)).toBe('allow');
    expect(decideStreamView(stream(), null)).toBe('hidden');
    expect(decideStreamView(stream({ blocksViewer: true }), FAN)).toBe('hidden');
    // The creator's account is being deleted: hidden from all but the creator.
    expect(decideStreamView(stream({ creatorHidden: true }), FAN)).toBe('hidden');
    expect(decideStreamView(stream({ creatorHidden: true }), CREATOR)).toBe('allow');
    expect(decideStreamView(stream({ audience: 'followers' }), FAN)).toBe('hidden');
    expect(decideStreamView(stream({ audience: 'followers', follows: true }), FAN)).toBe('allow');
    expect(decideStreamView(stream({ audience: 'followers', subscribed: true }), FAN)).toBe(
      'allow',
    );
    expect(decideStreamView(stream({ audience: 'subscribers', follows: true }), FAN)).toBe(
      'hidden',
    );
    expect(decideStreamView(stream({ audience: 'subscribers', subscribed: true }), FAN)).toBe(
      'allow',
    );
    expect(decideStreamView(stream({ audience: 'subscribers', status: 'ended' }), CREATOR)).toBe(
      'allow',
    );
    expect(decideStreamView(stream({ status: 'ended' }), FAN)).toBe('allow');
  });
});

describe('stream.watch', () => {
  it('needs a stream that has not ended and, when priced, a paid entry', () => {
    expect(decideStreamWatch(stream(), FAN)).toBe('allow');
    expect(decideStreamWatch(stream({ status: 'starting' }), FAN)).toBe('allow');
    expect(decideStreamWatch(stream({ status: 'ended' }), FAN)).toBe('forbidden');
    expect(decideStreamWatch(stream({ status: 'ended' }), CREATOR)).toBe('allow');
    expect(decideStreamWatch(stream({ priceCents: 300 }), FAN)).toBe('forbidden');
    expect(streamNeedsPayment(stream({ priceCents: 300 }), FAN)).toBe(true);
    expect(decideStreamWatch(stream({ priceCents: 300, entered: true }), FAN)).toBe('allow');
    // A subscription opens a subscribers-only stream, not its price.
    expect(
      decideStreamWatch(
        stream({ audience: 'subscribers', subscribed: true, priceCents: 300 }),
        FAN,
      ),
    ).toBe('forbidden');
    expect(decideStreamWatch(stream({ priceCents: 300 }), CREATOR)).toBe('allow');
    expect(streamNeedsPayment(stream({ priceCents: 300 }), CREATOR)).toBe(false);
    expect(decideStreamWatch(stream({ blocksViewer: true }), FAN)).toBe('hidden');
  });
});

describe('stream.manage', () => {
  it('is the creator’s; others who see it are forbidden, the rest not told', () => {
    expect(decideStreamManage(stream(), CREATOR)).toBe('allow');
    expect(decideStreamManage(stream(), FAN)).toBe('forbidden');
    expect(decideStreamManage(stream({ audience: 'subscribers' }), FAN)).toBe('hidden');
  });
});

describe('what explainAccess tells of a stream', () => {
  it('says whether paying the entry stands in the way, never for the creator', () => {
    const describe = streamPermissions['stream.watch'].describe!;
    expect(describe(stream({ priceCents: 300 }), FAN)).toEqual({
      creatorId: CREATOR,
      ended: false,
      priceCents: 300,
      needsPayment: true,
    });
    expect(describe(stream({ priceCents: 300, entered: true }), FAN).needsPayment).toBe(false);
    expect(describe(stream({ priceCents: 300 }), CREATOR).needsPayment).toBe(false);
    expect(describe(stream({ status: 'ended' }), FAN).ended).toBe(true);
  });
});

describe('stream.ingest', () => {
  it('is the creator’s until the stream ends; nobody else learns it exists', () => {
    expect(decideStreamIngest(stream(), CREATOR)).toBe('allow');
    expect(decideStreamIngest(stream({ status: 'starting' }), CREATOR)).toBe('allow');
    expect(decideStreamIngest(stream({ status: 'ended' }), CREATOR)).toBe('forbidden');
    expect(decideStreamIngest(stream(), FAN)).toBe('hidden');
    expect(decideStreamIngest(stream({ follows: true, subscribed: true }), FAN)).toBe('hidden');
    expect(decideStreamIngest(stream({ status: 'ended' }), FAN)).toBe('hidden');
    expect(decideStreamIngest(stream(), null)).toBe('hidden');
  });
});

describe('a stream chat', () => {
  const chat = (facts: Partial<StreamFact> = {}) => ({
    id: 70,
    kind: 'stream' as const,
    ownerId: CREATOR,
    memberIds: null,
    viewerRole: null,
    party: {
      id: CREATOR,
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
    },
    stream: stream(facts),
  });

  it('is read by who may watch, written with text and tips by watchers, text by the creator', () => {
    expect(chatReadable(chat(), FAN)).toBe(true);
    expect(chatReadable(chat({ status: 'ended' }), FAN)).toBe(false);
    expect(chatReadable(chat({ priceCents: 300 }), FAN)).toBe(false);
    expect(chatReadable(chat({ status: 'ended' }), CREATOR)).toBe(true);
    expect(chatSendRefusal(chat(), FAN, 'text')).toBeNull();
    expect(chatSendRefusal(chat(), FAN, 'user_tip')).toBeNull();
    expect(chatSendRefusal(chat(), FAN, 'audio')).toBe('channel_owner_only');
    expect(chatSendRefusal(chat(), CREATOR, 'text')).toBeNull();
    expect(chatSendRefusal(chat(), CREATOR, 'story')).toBe('not_in_channels');
    expect(chatSendRefusal(chat(), CREATOR, 'user_tip')).toBe('owner_cannot_tip');
    expect(chatSendRefusal(chat({ audience: 'followers' }), FAN, 'text')).toBe('hidden');
  });
});
