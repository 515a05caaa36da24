import { describe, expect, it } from 'vitest';
import { MediaSigner } from '../../platform/storage/media-signer.ts';
import { presentHomeItem } from './home.presenter.ts';
import type { HomeRow } from './home.repository.ts';

const signer = new MediaSigner('home presenter test secret');
const row = (avatarKey: string | null): HomeRow => ({
  id: 7,
  slug: 'anna',
  name: 'Anna',
  avatar_key: avatarKey,
  story_count: 3,
  order: 0,
  verified: false,
  has_unwatched: true,
  subscribed: false,
  stream_id: null,
  stream_title: null,
  stream_viewers: null,
});

describe('presentHomeItem', () => {
  it("signs the avatar for the viewer, and the srcset's full-size candidate is that URL", () => {
    const item = presentHomeItem(row('avatarkey0123456789abc'), 42, signer);
    const image = new URL(item.image!, 'http://x');
    expect(image.pathname).toBe('/media/avatarkey0123456789abc');
    expect(
      signer.verify({
        key: 'avatarkey0123456789abc',
        viewerId: Number(image.searchParams.get('u')),
        expiresAt: Number(image.searchParams.get('e')),
        signature: image.searchParams.get('s')!,
      }),
    ).toBe(true);
    expect(image.searchParams.get('u')).toBe('42');
    expect(item.avatar_srcset).toBe(
      `${item.image}&w=128 128w, ${item.image}&w=256 256w, ${item.image} 512w`,
    );
  });

  it('has neither without an avatar', () => {
    const item = presentHomeItem(row(null), 42, signer);
    expect(item.image).toBeNull();
    expect(item.avatar_srcset).toBeNull();
  });
});
