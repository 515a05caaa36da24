import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { AppealButton } from './AppealButton.tsx';

describe('AppealButton', () => {
  it('opens a dialog, files the appeal with the statement, and says it was sent', async () => {
    const { calls } = mockFetch({
      'POST /api/appeals': { status: 201, body: { success: true, appeal_id: 3 } },
    });
    renderScreen(<AppealButton kind="story" id={42} />, { path: '/me/standing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
    const dialog = screen.getByRole('dialog', { name: 'Appeal the removal of your story' });
    expect(dialog).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(screen.getByLabelText('Why should it come back?')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(calls.filter((call) => call.url === '/api/appeals')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Why should it come back?'), ' It is my own art. ');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Appeal sent.');
    expect(calls.filter((call) => call.url === '/api/appeals').map((call) => call.body)).toEqual([
      { kind: 'story', target_id: 42, statement: 'It is my own art.' },
    ]);
  });

  it('tells when an appeal of the item is already open', async () => {
    mockFetch({
      'POST /api/appeals': { status: 409, body: { err_key: 'appeal_already_open' } },
    });
    renderScreen(<AppealButton kind="message" id={9} />, { path: '/me/standing' });
    await userEvent.click(await screen.findByRole('button', { name: 'Appeal' }));
    expect(
      screen.getByRole('dialog', { name: 'Appeal the removal of your message' }),
    ).toBeVisible();
    await userEvent.type(screen.getByLabelText('Why should it come back?'), 'Again please');
    await userEvent.click(screen.getByRole('button', { name: 'Send appeal' }));
    expect(await screen.findByText('You already have an open appeal for this.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send appeal' })).toBeEnabled();
  });
});
