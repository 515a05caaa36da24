import { describe, expect, it } from 'vitest';
import type { StoryContentFact } from '../access.repository.ts';
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
