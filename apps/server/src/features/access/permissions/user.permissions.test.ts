import { describe, expect, it } from 'vitest';
import { decideUserView } from './user.permissions.ts';

const VIEWER = 2;

describe('user.view', () => {
  it('shows a profile to anyone signed in, never anonymously', () => {
    expect(decideUserView({ id: 1, blocksViewer: false }, VIEWER)).toBe('allow');
    expect(decideUserView({ id: 1, blocksViewer: false }, null)).toBe('hidden');
  });

  it('hides a user who blocked the viewer, like a missing one', () => {
    expect(decideUserView({ id: 1, blocksViewer: true }, VIEWER)).toBe('hidden');
  });
});
