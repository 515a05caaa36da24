import { describe, expect, it } from 'vitest';
import { routes, safeNext } from './routes.ts';

describe('routes', () => {
  it('builds the readable paths of spec section 2', () => {
    expect(routes['auth.home']()).toBe('/');
    expect(routes['user.own.profile.wallet']()).toBe('/wallet');
    expect(routes['otherUser.profile.viewStreams']({ slug: 'ada', fromHome: true })).toBe(
      '/u/ada/streams?fromHome=1',
    );
    expect(routes['otherUser.profile.viewSlug']({ slug: 'ada', from: 'home' })).toBe(
      '/u/ada?from=home',
    );
    expect(routes['otherUser.profile.viewSlug']({ slug: 'ada', chat_id: 7 })).toBe(
      '/u/ada?chat_id=7',
    );
    expect(routes['user.own.chat']({ id: 5 })).toBe('/messages/5');
    expect(routes['user.own.channel']({ chat_id: 9 })).toBe('/channels/9');
    expect(routes['user.own.messages']()).toBe('/messages');
    expect(routes['user.own.channels']()).toBe('/channels');
    expect(routes['user.own.profile.view']()).toBe('/me');
    expect(routes['user.own.profile.blocked']()).toBe('/me/blocked');
    expect(routes['user.own.profile.goLive']()).toBe('/me/live');
    expect(routes['404']()).toBe('/404');
  });

  it('escapes slugs', () => {
    expect(routes['otherUser.profile.viewSlug']({ slug: 'a b/c' })).toBe('/u/a%20b%2Fc');
  });

  it('follows only same-app paths after sign-in', () => {
    expect(safeNext('/me/edit')).toBe('/me/edit');
    expect(safeNext('//evil.example')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext(null)).toBe('/');
  });

  it('sends a next with control characters home (a URL parser drops tab and new lines)', () => {
    for (const next of [
      '/\r\n/evil.example',
      '/me\u0000',
      '/\t/evil.example',
      '/me%0d%0a',
      '/a\u007fb',
    ])
      expect(safeNext(next)).toBe('/');
    expect(safeNext('/u/ada?from=home')).toBe('/u/ada?from=home');
  });
});
