import type { AccountSession } from '@glimpse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MockResponse } from '../../test/fetch-mock.ts';
import { SessionsSection } from './SessionsSection.tsx';
import { makeSession, minutesAgo, renderSignedIn } from './test-utils.tsx';

const sessionsUrl = 'GET /api/auth/sessions';
const LONG_DEVICE = 'Samsung Internet on Android (SM-S918B Galaxy S23U)';

const thisDevice = makeSession({
  device: 'Chrome on macOS',
  current: true,
  last_used_at: minutesAgo(0),
});

/** This device plus 29 others, in the server's order (oldest first), one with a long name. */
function manySessions(): AccountSession[] {
  const others = Array.from({ length: 29 }, (_, index) =>
    makeSession({
      device: index === 0 ? LONG_DEVICE : `Firefox ${index} on Linux`,
      place: index % 3 === 0 ? null : 'FR',
      last_used_at: minutesAgo(60 * 24 * (29 - index)),
    }),
  );
  return [...others, thisDevice];
}

function renderSessions(list: MockResponse | (() => MockResponse), more = {}) {
  return renderSignedIn(<SessionsSection />, {
    handlers: { [sessionsUrl]: typeof list === 'function' ? list : () => list, ...more },
  });
}

const deviceList = () => screen.findByRole('list', { name: 'Devices signed in to your account' });

describe('SessionsSection', () => {
  it('lists 30 devices, this one first and marked, the others most recent first', async () => {
    const sessions = manySessions();
    renderSessions({ body: sessions });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const rows = within(await deviceList()).getAllByRole('listitem');
    expect(rows).toHaveLength(30);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('Active now');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    // The most recently used other device next, the oldest last.
    expect(rows[1]).toHaveTextContent('Firefox 28 on Linux');
    expect(rows[1]).toHaveTextContent('France · Last used yesterday');
    expect(rows[29]).toHaveTextContent(LONG_DEVICE);
    expect(rows[29]).toHaveTextContent('Last used 4w ago');
    expect(rows.filter((row) => row.textContent?.includes('This device'))).toHaveLength(1);
  });

  it('shows a long device name whole, in the row and in its button’s name', async () => {
    const long = makeSession({ device: LONG_DEVICE, place: null });
    expect(LONG_DEVICE).toHaveLength(50);
    renderSessions({ body: [thisDevice, long] });
    const row = within(await deviceList()).getAllByRole('listitem')[1]!;
    expect(within(row).getByText(LONG_DEVICE)).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: `Sign out ${LONG_DEVICE}, last used 2h ago` }),
    ).toBeInTheDocument();
    // No place known: the line says when it was used, and nothing where.
    expect(within(row).getByText('Last used 2h ago').parentElement).toHaveTextContent(
      /^Last used 2h ago$/,
    );
  });

  it('names the place in the language on screen, and shows the full time on the relative one', async () => {
    const session = makeSession({ place: 'DE', last_used_at: '2025-03-01T12:00:00.000Z' });
    renderSessions({ body: [thisDevice, session] });
    const row = within(await deviceList()).getAllByRole('listitem')[1]!;
    expect(row).toHaveTextContent('Germany · Last used');
    const time = row.querySelector('time');
    expect(time).toHaveAttribute('datetime', '2025-03-01T12:00:00.000Z');
    expect(time?.getAttribute('title')).toMatch(/Mar 1, 2025/);
  });

  it('credits IP2Location LITE where places are shown, and only there', async () => {
    const { unmount } = renderSessions({ body: [thisDevice, makeSession({ place: 'FR' })] });
    await deviceList();
    const credit = screen.getByText(/This site or product includes IP2Location LITE data/);
    expect(
      within(credit).getByRole('link', { name: 'https://lite.ip2location.com' }),
    ).toHaveAttribute('href', 'https://lite.ip2location.com');
    unmount();
    renderSessions({ body: [{ ...thisDevice, place: null }, makeSession({ place: null })] });
    await deviceList();
    expect(screen.queryByText(/IP2Location/)).toBeNull();
  });

  it('signs one device out: gone from the list, said so, focus back on the heading', async () => {
    const other = makeSession({ device: 'Safari on iOS' });
    let ended = false;
    const { calls } = renderSessions(() => ({ body: ended ? [thisDevice] : [thisDevice, other] }), {
      [`DELETE /api/auth/sessions/${other.id}`]: () => {
        ended = true;
        return { status: 204 };
      },
    });
    const list = await deviceList();
    await userEvent.click(
      within(list).getByRole('button', { name: 'Sign out Safari on iOS, last used 2h ago' }),
    );
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).toBeNull());
    expect(await screen.findByText('Safari on iOS is signed out.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Signed-in devices' })).toHaveFocus();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/auth/sessions/${other.id}`,
    ]);
    expect(screen.getByText('Only this device is signed in.')).toBeInTheDocument();
  });

  it('takes a device signed out already (session_not_found) off the list, and says so', async () => {
    const other = makeSession({ device: 'Edge on Windows' });
    // It ended elsewhere meanwhile: the server no longer lists it either.
    let asked = 0;
    renderSessions(() => ({ body: ++asked === 1 ? [thisDevice, other] : [thisDevice] }), {
      [`DELETE /api/auth/sessions/${other.id}`]: {
        status: 404,
        body: { err_key: 'session_not_found' },
      },
    });
    await userEvent.click(
      within(await deviceList()).getByRole('button', { name: /^Sign out Edge on Windows/ }),
    );
    expect(await screen.findByText('This device is already signed out.')).toBeInTheDocument();
    expect(screen.queryByText('Edge on Windows')).toBeNull();
  });

  it('keeps a device whose sign-out failed, and says what went wrong', async () => {
    const other = makeSession({ device: 'Edge on Windows' });
    renderSessions(
      { body: [thisDevice, other] },
      { [`DELETE /api/auth/sessions/${other.id}`]: { status: 500, body: {} } },
    );
    await userEvent.click(
      within(await deviceList()).getByRole('button', { name: /^Sign out Edge on Windows/ }),
    );
    expect(await screen.findByText(/Something went wrong/)).toBeInTheDocument();
    expect(screen.getByText('Edge on Windows')).toBeInTheDocument();
  });

  it('signs all other devices out after asking, and not when the question is declined', async () => {
    let ended = false;
    const { calls } = renderSessions(() => ({ body: ended ? [thisDevice] : manySessions() }), {
      'POST /api/auth/sessions/revoke-others': () => {
        ended = true;
        return { body: { revoked: 29 } };
      },
    });
    await deviceList();
    const revokeCalls = () => calls.filter((call) => call.url.endsWith('/revoke-others'));

    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other devices?' });
    expect(dialog).toHaveAccessibleDescription(
      'Every device but this one is signed out of your account and needs your password to sign in again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(revokeCalls()).toHaveLength(0);
    expect(within(await deviceList()).getAllByRole('listitem')).toHaveLength(30);

    await userEvent.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out all other devices?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('29 other devices are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(await deviceList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('Only this device is signed in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
    expect(revokeCalls()).toHaveLength(1);
  });

  it('says when this is the only device, with nothing to sign out', async () => {
    renderSessions({ body: [thisDevice] });
    expect(await screen.findByText('Only this device is signed in.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sign out/ })).toBeNull();
  });

  it('offers a retry when the devices cannot be loaded', async () => {
    let attempts = 0;
    renderSessions(() => (++attempts === 1 ? { status: 500, body: {} } : { body: [thisDevice] }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The devices could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Only this device is signed in.')).toBeInTheDocument();
  });
});
