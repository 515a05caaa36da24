import type { VerificationCheck } from '@glimpse/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import * as leaveApp from './leave-app.ts';
import { VerifyIdentityEntry } from './VerifyIdentityEntry.tsx';

const status = (over: Partial<VerificationCheck>): VerificationCheck => ({
  verified: false,
  verifyOndatoAt: null,
  status: 'none',
  ...over,
});

let leave: ReturnType<typeof vi.fn<(url: string) => void>>;
beforeEach(() => {
  leave = vi.fn<(url: string) => void>();
  vi.spyOn(leaveApp, 'leaveAppFor').mockImplementation(leave);
  window.history.replaceState(null, '', '/me');
});

describe('VerifyIdentityEntry', () => {
  it('offers "Verify identity" to an unverified user and starts a check back to the profile', async () => {
    const { calls } = mockFetch({
      'GET /api/verification/check': { body: status({}) },
      'POST /api/verification/start': { body: { redirectUrl: '/sandbox/identity/s1' } },
    });
    renderScreen(<VerifyIdentityEntry />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading verification status');
    const button = await screen.findByRole('button', { name: 'Verify identity' });
    expect(screen.getByRole('region', { name: 'Identity verification' })).toBeInTheDocument();
    await userEvent.click(button);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/identity/s1'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ return_to: '/me' });
  });

  it('shows the verified badge without a button', async () => {
    mockFetch({
      'GET /api/verification/check': {
        body: status({
          verified: true,
          status: 'approved',
          verifyOndatoAt: '2026-11-01T00:00:00Z',
        }),
      },
    });
    renderScreen(<VerifyIdentityEntry />);
    expect(await screen.findByText('Your identity is verified')).toBeInTheDocument();
    const entry = screen.getByRole('region', { name: 'Identity verification' });
    expect(within(entry).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a pending check with the way to continue it', async () => {
    mockFetch({ 'GET /api/verification/check': { body: status({ status: 'pending' }) } });
    renderScreen(<VerifyIdentityEntry />);
    expect(await screen.findByText('Your identity check is not finished yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue verification' })).toBeInTheDocument();
  });

  it('shows a rejection with "Try again"', async () => {
    mockFetch({
      'GET /api/verification/check': { body: status({ status: 'rejected' }) },
      'POST /api/verification/start': { body: { redirectUrl: '/sandbox/identity/s2' } },
    });
    renderScreen(<VerifyIdentityEntry />);
    expect(await screen.findByText('Your identity check was not approved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/sandbox/identity/s2'));
  });

  it("holds the room of the line and button while an unverified user's status loads", async () => {
    let answer: ((response: MockResponse) => void) | undefined;
    mockFetch({
      'GET /api/verification/check': () => new Promise((resolve) => (answer = resolve)),
    });
    renderScreen(<VerifyIdentityEntry />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading verification status');
    // The room is the loaded entry's, hidden from everyone: nothing to press or read yet.
    const room = screen.getByText('Verify identity').closest('[aria-hidden="true"]');
    expect(room).toHaveClass('invisible');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    act(() => answer!({ body: status({}) }));
    expect(await screen.findByRole('button', { name: 'Verify identity' })).toBeInTheDocument();
    expect(room).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows a verified user's line at once, before the status arrives", () => {
    mockFetch({ 'GET /api/verification/check': () => new Promise(() => undefined) });
    renderScreen(<VerifyIdentityEntry verified />);
    expect(screen.getByText('Your identity is verified')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the status cannot load, and retries', async () => {
    let fail = true;
    mockFetch({
      'GET /api/verification/check': () =>
        fail ? { status: 500, body: {} } : { body: status({ status: 'rejected' }) },
    });
    renderScreen(<VerifyIdentityEntry />);
    expect(await screen.findByText('Could not load your verification status.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your identity check was not approved')).toBeInTheDocument();
  });
});
