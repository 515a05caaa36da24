import type { Subscriber } from '@glimpse/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { SubscribersScreen } from './SubscribersScreen.tsx';

const grace: Subscriber = {
  id: 7,
  name: 'Grace Hopper',
  slug: 'grace',
  profileImage: '/media/grace.jpg',
  since: '2025-03-01T12:00:00.000Z',
  expires_at: '2025-04-01T12:00:00.000Z',
  renews: true,
};

const linus: Subscriber = {
  id: 8,
  name: 'Linus',
  slug: 'linus t',
  profileImage: null,
  since: '2025-02-10T12:00:00.000Z',
  expires_at: '2025-05-10T12:00:00.000Z',
  renews: false,
};

function renderSubscribers(answer: MockResponse | (() => MockResponse)) {
  const fetch = mockFetch({ 'GET /api/users/me/subscribers': answer });
  const view = renderScreen(<SubscribersScreen />, { path: '/me/subscribers' });
  return { ...fetch, ...view };
}

describe('SubscribersScreen', () => {
  it('shows a spinner while loading, then each subscriber with their dates', async () => {
    renderSubscribers({ body: [grace, linus] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const list = await screen.findByRole('list', { name: 'Your subscribers' });
    const [first, second] = within(list).getAllByRole('listitem');

    expect(within(first!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/u/grace',
    );
    expect(first).toHaveTextContent('Since Mar 1, 2025');
    expect(first).toHaveTextContent('Renews Apr 1, 2025');
    expect(first!.querySelector('img')).toHaveAttribute('src', '/media/grace.jpg');

    // A cancelled subscription runs until its paid time ends; the slug is escaped in the link.
    expect(within(second!).getByRole('link', { name: 'Linus' })).toHaveAttribute(
      'href',
      '/u/linus%20t',
    );
    expect(second).toHaveTextContent('Since Feb 10, 2025');
    expect(second).toHaveTextContent('Until May 10, 2025');
    expect(second).not.toHaveTextContent('Renews');
  });

  it('says so when nobody subscribes yet', async () => {
    renderSubscribers({ body: [] });
    expect(await screen.findByRole('heading', { name: 'No subscribers yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your subscribers' })).toBeNull();
  });

  it('offers a retry when the list cannot load, and shows it once it does', async () => {
    let attempts = 0;
    const { calls } = renderSubscribers(() =>
      ++attempts === 1 ? { status: 500, body: {} } : { body: [grace] },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your subscribers could not be loaded.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.filter((call) => call.url === '/api/users/me/subscribers')).toHaveLength(2);
  });
});
