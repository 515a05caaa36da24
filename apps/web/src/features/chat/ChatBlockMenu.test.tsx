import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChannelState, makeChatState, makeCompanion } from './test/chat-fixtures.ts';
import { callsTo, renderChat } from './test/chat-test-utils.tsx';
import { fakeServer } from '../../test/fake-realtime.ts';

beforeEach(() => fakeServer.reset());

describe('the chat header menu', () => {
  it('blocks the companion after the confirmation, which outlives the closed menu', async () => {
    const user = userEvent.setup();
    const { calls } = renderChat({
      state: makeChatState(),
      handlers: { 'POST /api/users/42/block': { body: { blocked: true } } },
    });
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block Anna Karenina' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(callsTo(calls, 'POST', '/api/users/42/block')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/users/42/block')).toHaveLength(1));
  });

  it('unblocks a blocked companion at once', async () => {
    const user = userEvent.setup();
    const { calls } = renderChat({
      state: makeChatState(),
      companion: makeCompanion({ blocked: true }),
      handlers: { 'DELETE /api/users/42/block': { body: { blocked: false } } },
    });
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unblock Anna Karenina' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/users/42/block')).toHaveLength(1));
  });

  it('has no menu in a channel', async () => {
    renderChat({ channel: true, state: makeChannelState() });
    await screen.findByRole('log', { name: 'Messages' });
    expect(screen.queryByRole('button', { name: 'More options' })).toBeNull();
  });
});
