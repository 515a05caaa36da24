import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { makeHomeItem, makeHomeItems } from './test/home-test-data.ts';
import { HomeScreen } from './HomeScreen.tsx';

const withPhoto = (id: number) =>
  makeHomeItem(id, {
    image: `/media/a${id}?s=1`,
    avatar_srcset: `/media/a${id}?s=1&w=128 128w, /media/a${id}?s=1 512w`,
  });

/** The avatar <img> of each creator in a section, in order. */
async function photos(section: string) {
  const region = await screen.findByRole('region', { name: section });
  await within(region).findAllByRole('link');
  // The photos are decorative (the button is labelled), so they are found by tag.
  return [...region.querySelectorAll('img')];
}

describe('home avatars', () => {
  it('load in the size shown: the first row at once, the rest as they near the screen', async () => {
    mockFetch({
      'GET /api/home/stories/subscribed': { body: [] },
      'GET /api/home/stories/following': {
        body: makeHomeItems(1, 7).map((item) => withPhoto(item.id)),
      },
      'GET /api/home/stories/discover': {
        body: makeHomeItems(20, 6).map((item) => withPhoto(item.id)),
      },
    });
    renderScreen(<HomeScreen />);

    const row = await photos('Following');
    expect(row).toHaveLength(7);
    expect(row[0]).toHaveAttribute('srcset', withPhoto(1).avatar_srcset);
    // 64 px on a phone, 96 px on a desktop-wide window (lg:size-24).
    expect(row[0]).toHaveAttribute('sizes', '(min-width: 1024px) 96px, 64px');
    expect(row.map((img) => img.getAttribute('loading'))).toEqual([
      null,
      null,
      null,
      null,
      null,
      'lazy',
      'lazy',
    ]);

    const grid = await photos('Discover');
    expect(grid.map((img) => img.getAttribute('loading'))).toEqual([
      null,
      null,
      null,
      'lazy',
      'lazy',
      'lazy',
    ]);
  });
});
