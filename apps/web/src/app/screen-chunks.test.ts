import { describe, expect, it } from 'vitest';
import { matchesPattern, screenAt } from './screen-chunks.ts';

// The boot code's route matching must agree with the router's (react-router's matchPath).
describe('screenAt', () => {
  it('names the screen of each kind of path', () => {
    expect(screenAt('/')).toBe('home');
    expect(screenAt('/u/anna-rivera')).toBe('publicProfile');
    expect(screenAt('/u/anna-rivera/')).toBe('publicProfile');
    expect(screenAt('/u/anna-rivera/streams')).toBe('userStreams');
    expect(screenAt('/messages')).toBe('messages');
    expect(screenAt('/messages/12')).toBe('chat');
    expect(screenAt('/ME/EDIT')).toBe('profileEdit');
    expect(screenAt('/sign-in')).toBe('signIn');
    expect(screenAt('/search')).toBe('search');
  });

  it('claims no screen for a path the router sends to its 404', () => {
    expect(screenAt('/nowhere')).toBeUndefined();
    expect(screenAt('/u')).toBeUndefined();
    expect(screenAt('/u/a/b/c')).toBeUndefined();
  });

  it('matches whole segments only', () => {
    expect(matchesPattern('/me', '/media')).toBe(false);
    expect(matchesPattern('/u/:slug', '/u/x')).toBe(true);
  });
});
