import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnCopyrightNotice } from '@glimpse/contract';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { CourtActionScreen } from './CourtActionScreen.tsx';
import { OwnNoticesScreen } from './OwnNoticesScreen.tsx';

const notice: OwnCopyrightNotice = {
  id: 4,
  story_id: 42,
  claimant_name: 'Rita Rights',
  work: 'Harbour at dawn',
  status: 'taken_down',
  counter_statement: null,
  countered_at: null,
  restore_after: null,
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('OwnNoticesScreen', () => {
  it('offers the counter-notice for a notice still down and sends it complete', async () => {
    const countered: OwnCopyrightNotice = {
      ...notice,
      status: 'countered',
      counter_statement: 'I took this photo.',
      countered_at: '2026-11-28T10:00:00.000Z',
      restore_after: '2026-12-11T10:00:00.000Z',
    };
    let list = [notice];
    const { calls } = mockFetch({
      'GET /api/copyright/mine': () => Promise.resolve({ body: { notices: list } }),
      'POST /api/copyright/notices/4/counter': () => {
        list = [countered];
        return Promise.resolve({ body: countered });
      },
    });
    renderScreen(<OwnNoticesScreen />, { path: '/me/copyright', pattern: '/me/copyright' });
    expect(await screen.findByText('Harbour at dawn')).toBeVisible();
    expect(screen.getByText('Received Nov 20, 2026 from Rita Rights')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Send counter-notice' }));
    expect(screen.getByRole('checkbox', { name: /I consent to the jurisdiction/ })).toBeInvalid();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(
      screen.getByLabelText('Why the story should return'),
      'I took this photo.',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: /I consent to the jurisdiction/ }));
    await userEvent.type(screen.getByLabelText('Signature (type your full name)'), 'Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Send counter-notice' }));

    expect(await screen.findByText('Counter-notice received')).toBeVisible();
    expect(screen.getByText(/Your story returns on Dec 11, 2026/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send counter-notice' })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      statement: 'I took this photo.',
      consent_jurisdiction: true,
      signature: 'Ada Lovelace',
    });
  });
});

describe('CourtActionScreen', () => {
  it('shows where the notice stands and reports a court action', async () => {
    const view = {
      id: 4,
      work: 'Harbour at dawn',
      status: 'countered',
      countered_at: '2026-11-28T10:00:00.000Z',
      restore_after: '2026-12-11T10:00:00.000Z',
      created_at: '2026-11-20T10:00:00.000Z',
    };
    const { calls } = mockFetch({
      'GET /api/copyright/court-action': { body: view },
      'POST /api/copyright/court-action': { body: { ...view, status: 'court_action' } },
    });
    renderScreen(<CourtActionScreen />, {
      path: '/copyright/court-action?token=abc',
      pattern: '/copyright/court-action',
    });
    expect(await screen.findByText(/returns on December 11, 2026/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Report a court action' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The story stays down.');
    expect(screen.queryByRole('button', { name: 'Report a court action' })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: 'abc' });
    expect(calls[0]?.url).toBe('/api/copyright/court-action?token=abc');
  });

  it('says the link is not valid when the server does not know its token', async () => {
    mockFetch({
      'GET /api/copyright/court-action': {
        status: 400,
        body: { err_key: 'token_invalid' },
      },
    });
    renderScreen(<CourtActionScreen />, {
      path: '/copyright/court-action?token=nope',
      pattern: '/copyright/court-action',
    });
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Report a court action' })).toBeNull();
  });
});
