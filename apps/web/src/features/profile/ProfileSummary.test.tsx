import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { ProfileSummary } from './ProfileSummary.tsx';

function renderSummary(followers: number, subscribers: number, subscribersHref?: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ProfileSummary
          name="Anna Rivera"
          avatarUrl={null}
          bio=""
          verified={false}
          onHoliday={false}
          followers={followers}
          subscribers={subscribers}
          subscribersHref={subscribersHref}
          categories={[]}
          sex="female"
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The count tiles as read: the number, then its label ("1 Subscriber"). */
const tiles = () =>
  screen.getAllByRole('definition').map((value) => {
    const label = value.previousElementSibling ?? value.nextElementSibling;
    return `${value.textContent} ${label?.textContent}`;
  });

describe('ProfileSummary counts (issue 25, defect 10: "1 Subscribers")', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('says "1 Follower" and "1 Subscriber" for one, the plural for more', () => {
    const { unmount } = renderSummary(1, 1);
    expect(tiles()).toEqual(['1 Follower', '1 Subscriber']);
    unmount();
    renderSummary(2, 0);
    expect(tiles()).toEqual(['2 Followers', '0 Subscribers']);
  });

  it('groups large numbers and names the subscriber link by its count', () => {
    renderSummary(12345, 1, '/profile/subscribers');
    expect(tiles()).toEqual(['12,345 Followers', '1 Subscriber']);
    expect(screen.getByRole('link', { name: '1 subscriber: see the list' })).toBeInTheDocument();
  });

  it('says the same in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const { unmount } = renderSummary(1, 1, '/profile/subscribers');
    expect(tiles()).toEqual(['1 Follower', '1 Abonnent']);
    expect(screen.getByRole('link', { name: '1 Abonnent: Liste ansehen' })).toBeInTheDocument();
    unmount();
    renderSummary(12345, 2, '/profile/subscribers');
    expect(tiles()).toEqual(['12.345 Follower', '2 Abonnenten']);
    expect(screen.getByRole('link', { name: '2 Abonnenten: Liste ansehen' })).toBeInTheDocument();
  });
});
