import { describe, expect, it } from 'vitest';
import { decideUserRelate, decideUserView } from './user.permissions.ts';

const VIEWER = 2;

describe('user.view', () => {
  it('shows a profile to anyone signed in, never anonymously', () => {
    expect(decideUserView({ id: 1, blocksViewer: false, accountHidden: false }, VIEWER)).toBe(
      'allow',
    );
    expect(decideUserView({ id: 1, blocksViewer: false, accountHidden: false }, null)).toBe(
      'hidden',
    );
  });

  it('hides a user who blocked the viewer, like a missing one', () => {
    expect(decideUserView({ id: 1, blocksViewer: true, accountHidden: false }, VIEWER)).toBe(
      'hidden',
    );
  });

  it('hides an account being deleted from everyone but its owner', () => {
    const deleting = { id: 1, blocksViewer: false, accountHidden: true };
    expect(decideUserView(deleting, VIEWER)).toBe('hidden');
    expect(decideUserView(deleting, 1)).toBe('allow');
  });
});

describe('user.relate', () => {
  const user = (blocksViewer: boolean, blockedByViewer: boolean, accountHidden = false) => ({
    id: 1,
    blocksViewer,
    blockedByViewer,
    accountHidden,
  });

  it('lets a viewer follow or subscribe to whom they may see', () => {
    expect(decideUserRelate(user(false, false), VIEWER)).toBe('allow');
    expect(decideUserRelate(user(false, false), null)).toBe('hidden');
  });

  it('hides a user who blocked the viewer, and refuses one the viewer blocked', () => {
    expect(decideUserRelate(user(true, false), VIEWER)).toBe('hidden');
    expect(decideUserRelate(user(true, true), VIEWER)).toBe('hidden');
    expect(decideUserRelate(user(false, true), VIEWER)).toBe('forbidden');
  });

  it('hides an account being deleted: nobody follows or subscribes to it', () => {
    expect(decideUserRelate(user(false, false, true), VIEWER)).toBe('hidden');
  });
});
