import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import * as leaveApp from '../verification/leave-app.ts';
import { VerifyDialog } from './VerifyDialog.tsx';

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>dialog {open ? 'open' : 'closed'}</p>
      <VerifyDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

let leave: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  leave = vi.fn<(url: string) => void>();
  vi.spyOn(leaveApp, 'leaveAppFor').mockImplementation(leave);
  window.history.replaceState(null, '', '/stories/new?draft=1&verification=rejected');
});

describe('VerifyDialog', () => {
  it('says why verification matters: prices, tip requests, earnings', () => {
    mockFetch({});
    renderScreen(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Verify your identity' });
    expect(dialog).toHaveTextContent(/set a price/);
    expect(dialog).toHaveTextContent(/request tips/);
    expect(dialog).toHaveTextContent(/earn/);
  });

  it('"Verify now" starts a check for the current screen and leaves for the provider', async () => {
    const { calls } = mockFetch({
      'POST /api/verification/start': { body: { redirectUrl: '/sandbox/identity/abc' } },
    });
    renderScreen(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/identity/abc'));
    // Back to where the user is, without the earlier outcome notice.
    expect(calls[0]!.body).toEqual({ return_to: '/stories/new?draft=1' });
  });

  it('shows the error and stays open when the check cannot start', async () => {
    mockFetch({
      'POST /api/verification/start': { status: 500, body: {} },
    });
    renderScreen(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Verify now' })).not.toBeDisabled(),
    );
    expect(leave).not.toHaveBeenCalled();
    expect(screen.getByText('dialog open')).toBeInTheDocument();
  });

  it('"Not now" closes it from the keyboard', async () => {
    mockFetch({});
    renderScreen(<Harness />);
    screen.getByRole('button', { name: 'Not now' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
