import type { ResponseOf } from '@glimpse/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { call } from './api.ts';

/**
 * Type-level checks, compiled by `tsc -b` and never run (they would send requests): each
 * `@ts-expect-error` line must fail to compile, or the build fails, so a call cannot name a path,
 * params or body the contract does not have.
 */
function typeChecks() {
  // @ts-expect-error not an endpoint
  void call('storiez');
  // @ts-expect-error path params are required
  void call('story');
  // @ts-expect-error wrong param name
  void call('story', { params: { storyId: 1 } });
  // @ts-expect-error a body field the contract does not have
  void call('editStory', { params: { id: 1 }, body: { prise: 3 } });
  // @ts-expect-error wrong body type
  void call('reportStory', { params: { id: 1 }, body: { accusation: 5 } });
  // @ts-expect-error no body on a GET
  void call('me', { body: {} });
  // @ts-expect-error a section the server does not serve
  void call('homeStories', { params: { section: 'trending' } });
  // @ts-expect-error multipart endpoints take FormData, not JSON
  void call('uploadAvatar', { body: { file: 'x' } });

  expectTypeOf(call('me')).resolves.toEqualTypeOf<ResponseOf<'me'>>();
  expectTypeOf(call('logout')).resolves.toEqualTypeOf<void>();
  expectTypeOf(call('follow', { params: { id: 1 } })).resolves.toEqualTypeOf<{
    following: boolean;
  }>();
}

describe('call types', () => {
  it('are checked at compile time (see typeChecks)', () => {
    expect(typeChecks).toBeTypeOf('function');
  });
});
