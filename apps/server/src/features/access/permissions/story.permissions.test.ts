import { describe, expect, it } from 'vitest';
import type { StoryContentFact } from '../access.repository.ts';
import type { ChatFact, PartyFact } from '../chat-facts.repository.ts';
import {
  decideStoryContent,
  decideStoryOwner,
  decideStoryReport,
  decideStoryView,
} from './story.permissions.ts';

const OWNER = 1;
const OTHER = 2;

function story(overrides: Partial<StoryContentFact> = {}): StoryContentFact {
  return {
    id: 10,
    ownerId: OWNER,
    status: 'ready',
    priceCents: null,
    ownerBlocksViewer: false,
    ownerHidden: false,
    audience: 'public',
    chats: [],
    unlocked: false,
    subscribed: false,
    ...overrides,
  };
}

describe('story.view', () => {
  it('shows a ready story to anyone signed in, an unfinished one to its owner only', () => {
    expect(decideStoryView(story(), OTHER)).toBe('allow');
    expect(decideStoryView(story(), null)).toBe('hidden');
    for (const status of ['processing', 'failed'] as const) {
      expect(decideStoryView(story({ status }), OTHER)).toBe('hidden');
      expect(decideStoryView(story({ status }), OWNER)).toBe('allow');
    }
  });

  it('hides every story of a creator who blocked the viewer, and so its content and media', () => {
    const blocked = story({ ownerBlocksViewer: true });
    expect(decideStoryView(blocked, OTHER)).toBe('hidden');
    expect(decideStoryContent(blocked, OTHER)).toBe('hidden');
    expect(decideStoryContent({ ...blocked, unlocked: true, subscribed: true }, OTHER)).toBe(
      'hidden',
    );
    expect(decideStoryReport(blocked, OTHER)).toBe('hidden');
    expect(decideStoryOwner(blocked, OTHER)).toBe('hidden');
  });

  it('hides every story of an account being deleted from all but its owner, even bought ones', () => {
    const deleting = story({ ownerHidden: true, priceCents: 300 });
    expect(decideStoryView(deleting, OTHER)).toBe('hidden');
    expect(decideStoryContent({ ...deleting, unlocked: true, subscribed: true }, OTHER)).toBe(
      'hidden',
    );
    expect(decideStoryView(deleting, OWNER)).toBe('allow');
    expect(decideStoryContent(deleting, OWNER)).toBe('allow');
  });
});

/** A chat holding the story, as viewer MEMBER (or someone outside it) stands in it. */
const MEMBER = 3;
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
const directChat = (p: Partial<PartyFact> = {}): ChatFact => ({
  id: 20,
  kind: 'direct',
  ownerId: null,
  memberIds: [OWNER, MEMBER],
  viewerRole: 'member',
  party: party(p),
  stream: null,
});
const channel = (p: Partial<PartyFact> = {}): ChatFact => ({
  id: 21,
  kind: 'channel',
  ownerId: OWNER,
  memberIds: null,
  viewerRole: null,
  party: party(p),
  stream: null,
});

describe('story.view of a story posted into chats', () => {
  it('shows it to the members of a direct chat holding it, and to nobody else', () => {
    const inChat = story({ audience: 'chat', chats: [directChat()] });
    expect(decideStoryView(inChat, MEMBER)).toBe('allow');
    expect(decideStoryView(inChat, OWNER)).toBe('allow');
    expect(decideStoryView(inChat, OTHER)).toBe('hidden');
    expect(decideStoryView(story({ audience: 'chat' }), OTHER)).toBe('hidden');
  });

  it('hides it from a member the poster blocked, and until it is ready', () => {
    expect(
      decideStoryView(
        story({ audience: 'chat', chats: [directChat({ blockedByParty: true })] }),
        MEMBER,
      ),
    ).toBe('hidden');
    const processing = story({ audience: 'chat', status: 'processing', chats: [directChat()] });
    expect(decideStoryView(processing, MEMBER)).toBe('hidden');
    expect(decideStoryView(processing, OWNER)).toBe('allow');
  });

  it("shows a channel's story to its followers and subscribers only", () => {
    const viewedBy = (p: Partial<PartyFact>) =>
      decideStoryView(story({ audience: 'chat', chats: [channel(p)] }), OTHER);
    expect(viewedBy({ follows: true })).toBe('allow');
    expect(viewedBy({ subscribed: true })).toBe('allow');
    expect(viewedBy({})).toBe('hidden');
    expect(viewedBy({ follows: true, blockedByParty: true })).toBe('hidden');
  });

  it('keeps a priced chat story locked for a member until they unlock or subscribe', () => {
    const priced = story({ audience: 'chat', chats: [directChat()], priceCents: 300 });
    expect(decideStoryContent(priced, MEMBER)).toBe('forbidden');
    expect(decideStoryContent({ ...priced, unlocked: true }, MEMBER)).toBe('allow');
    expect(decideStoryContent({ ...priced, unlocked: true }, OTHER)).toBe('hidden');
  });
});

describe('story.content', () => {
  it('opens a free story to everyone who can see it', () => {
    expect(decideStoryContent(story(), OTHER)).toBe('allow');
    expect(decideStoryContent(story({ status: 'failed' }), OTHER)).toBe('hidden');
  });

  it('opens a priced story to its owner, a buyer and an active subscriber only', () => {
    const priced = story({ priceCents: 250 });
    expect(decideStoryContent(priced, OWNER)).toBe('allow');
    expect(decideStoryContent(priced, OTHER)).toBe('forbidden');
    expect(decideStoryContent({ ...priced, unlocked: true }, OTHER)).toBe('allow');
    expect(decideStoryContent({ ...priced, subscribed: true }, OTHER)).toBe('allow');
  });

  it('never opens an unfinished priced story to a subscriber', () => {
    const processing = story({ priceCents: 250, status: 'processing', subscribed: true });
    expect(decideStoryContent(processing, OTHER)).toBe('hidden');
  });
});

describe('owner-only actions (edit, delete, statistics)', () => {
  it("allow the owner, refuse another's visible story and hide an unfinished one", () => {
    expect(decideStoryOwner(story({ status: 'processing' }), OWNER)).toBe('allow');
    expect(decideStoryOwner(story(), OTHER)).toBe('forbidden');
    expect(decideStoryOwner(story({ status: 'failed' }), OTHER)).toBe('hidden');
    expect(decideStoryOwner(story(), null)).toBe('hidden');
  });
});

describe('story.report', () => {
  it('takes reports on visible stories of others, hides the rest, refuses the owner', () => {
    expect(decideStoryReport(story({ priceCents: 250 }), OTHER)).toBe('allow');
    expect(decideStoryReport(story({ status: 'processing' }), OTHER)).toBe('hidden');
    expect(decideStoryReport(story({ status: 'failed' }), OTHER)).toBe('hidden');
    expect(decideStoryReport(story(), OWNER)).toBe('forbidden');
    expect(decideStoryReport(story({ status: 'failed' }), OWNER)).toBe('forbidden');
  });
});
