import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { notify } from '../../ui/snackbar.ts';
import { useMe } from '../auth/index.ts';
import { VerificationWatcher } from './VerificationWatcher.tsx';

/** The signed-in layout keeps the current user observed; so does this stand-in. */
function CurrentUserName() {
  const { data } = useMe();
  return <p>{data?.verified ? 'verified user' : 'unverified user'}</p>;
}

function renderAt(path: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], makeUser({ verified: false, verifyOndatoAt: null }));
  const verifiedUser = makeUser({ verified: true, verifyOndatoAt: '2026-11-23T10:00:00.000Z' });
  const fetches = mockFetch({ 'GET /api/auth/session': { body: { user: verifiedUser } } });
  return {
    ...renderScreen(
      <>
        <VerificationWatcher />
        <CurrentUserName />
      </>,
      { path, queryClient },
    ),
    fetches,
  };
}

describe('VerificationWatcher', () => {
  it('back with ?verification=approved: says so, refetches the user and drops the parameter', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { location, queryClient } = renderAt('/me?tab=a&verification=approved');
    await waitFor(() => expect(location.search).toBe('?tab=a'));
    expect(location.pathname).toBe('/me');
    expect(success).toHaveBeenCalledWith('Your identity is verified. You can now set prices.');
    expect(await screen.findByText('verified user')).toBeInTheDocument();
    expect(queryClient.getQueryData<{ verified: boolean }>(['me'])?.verified).toBe(true);
  });

  it('back with ?verification=rejected: an error notice', async () => {
    const error = vi.spyOn(notify, 'error').mockImplementation(() => undefined);
    const { location } = renderAt('/stories/new?verification=rejected');
    await waitFor(() => expect(location.search).toBe(''));
    expect(error).toHaveBeenCalledWith('Your identity check was not approved. You can try again.');
  });

  it('ignores other values', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => undefined);
    const { location } = renderAt('/me?verification=whatever');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(location.search).toBe('?verification=whatever');
    expect(success).not.toHaveBeenCalled();
  });
});
