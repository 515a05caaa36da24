import type { OwnStory } from '@glimpse/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse } from '../../test/fetch-mock.ts';
import { makeUser } from '../../test/fixtures.ts';
import { renderScreen, testQueryClient } from '../../test/render.tsx';
import { EditStoryDialog } from './EditStoryDialog.tsx';
import { makeOwnStory } from './test/own-story-fixtures.ts';

const verifiedUser = makeUser({ verifyOndatoAt: '2024-05-01T10:00:00.000Z', verified: true });
const tags = [
  {
    id: 1,
    title: 'fitness',
    group: 'Content',
    is_male: true,
    is_female: true,
    is_transgender: true,
  },
  { id: 2, title: 'yoga', group: 'Content', is_male: true, is_female: true, is_transgender: true },
];

function renderEdit(
  story: OwnStory,
  { user = verifiedUser, patch }: { user?: ReturnType<typeof makeUser>; patch?: MockResponse } = {},
) {
  const fetch = mockFetch({
    'GET /api/auth/session': { body: { user } },
    'GET /api/tags': { body: tags },
    [`PATCH /api/stories/${story.id}`]: patch ?? { body: { message: 'story_updated' } },
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(['me'], user);
  const onClose = vi.fn();
  renderScreen(<EditStoryDialog story={story} onClose={onClose} />, { queryClient });
  const patches = () => fetch.calls.filter((call) => call.method === 'PATCH');
  return { ...fetch, onClose, patches };
}

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send' }));

describe('EditStoryDialog ("Modify content")', () => {
  it('opens a story with no price as free, the placeholder naming the real limit (49.99)', () => {
    renderEdit(makeOwnStory({ price: null, free: null, text: 'Hello' }));
    expect(screen.getByRole('dialog', { name: 'Modify content' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Free' })).toBeChecked();
    expect(screen.getByLabelText('Price')).toHaveAttribute('placeholder', '0-49.99');
    expect(screen.getByLabelText('Description')).toHaveValue('Hello');
  });

  it('keeps free in sync: a price turns Free off, Free on empties the price', async () => {
    renderEdit(makeOwnStory({ price: 5, free: null }));
    const price = screen.getByLabelText('Price');
    const free = screen.getByRole('switch', { name: 'Free' });
    expect(price).toHaveValue('5');
    expect(free).not.toBeChecked();
    await userEvent.click(free);
    expect(free).toBeChecked();
    expect(price).toHaveValue('');
    await userEvent.type(price, '2,5');
    expect(price).toHaveValue('2.5');
    expect(free).not.toBeChecked();
  });

  it('takes no letters into the price: they neither switch Free on nor change the price', async () => {
    renderEdit(makeOwnStory({ price: 5, free: null }));
    const price = screen.getByLabelText('Price');
    await userEvent.type(price, 'abc');
    expect(price).toHaveValue('5');
    expect(screen.getByRole('switch', { name: 'Free' })).not.toBeChecked();
    await userEvent.type(price, '.999');
    expect(price).toHaveValue('5.99');
  });

  it('switches Free off and asks for a price, focused in its field', async () => {
    const { patches } = renderEdit(makeOwnStory());
    const free = screen.getByRole('switch', { name: 'Free' });
    await userEvent.click(free);
    expect(free).not.toBeChecked();
    const price = screen.getByLabelText('Price');
    expect(price).toHaveFocus();
    await send();
    expect(price).toHaveAccessibleDescription(
      expect.stringContaining('Enter a price above 0, or switch Free on.'),
    );
    expect(patches()).toHaveLength(0);
  });

  it('clears the old error as soon as the price changes', async () => {
    const { patches } = renderEdit(makeOwnStory({ price: 5, free: null }));
    const price = screen.getByLabelText('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '80');
    await send();
    const limit = 'The price must be between 0 and 49.99.';
    expect(price).toHaveAccessibleDescription(expect.stringContaining(limit));
    expect(patches()).toHaveLength(0);
    await userEvent.type(price, 'x');
    expect(price).toHaveAccessibleDescription(expect.stringContaining(limit));
    await userEvent.type(price, '{Backspace}');
    expect(price).not.toHaveAccessibleDescription(expect.stringContaining(limit));
  });

  it('saves price 0 as null and shows the answer in a snackbar', async () => {
    const { patches, onClose } = renderEdit(makeOwnStory({ price: 5, free: null, text: 'Hi' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Free' }));
    await send();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches()[0]?.body).toEqual({ price: null, free: 'free', text: 'Hi' });
    expect(await screen.findByText('Story updated')).toBeInTheDocument();
  });

  it('stops with the verify dialog before saving a price when unverified', async () => {
    const { patches } = renderEdit(makeOwnStory(), { user: makeUser() });
    await userEvent.type(screen.getByLabelText('Price'), '3');
    await send();
    expect(await screen.findByRole('dialog', { name: 'Verify your identity' })).toBeInTheDocument();
    expect(patches()).toHaveLength(0);
  });

  it('puts err_msg object errors under the price field, without a snackbar', async () => {
    const message = 'The price must be between 0 and 49.99.';
    const { onClose } = renderEdit(makeOwnStory(), {
      patch: {
        status: 400,
        body: {
          err_key: 'max_price_error',
          err_msg: { price: ['max_price_error'], min: 0, max: 49.99 },
          errors: { price: ['max_price_error'] },
        },
      },
    });
    await userEvent.type(screen.getByLabelText('Price'), '20');
    await send();
    await waitFor(() =>
      expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
        expect.stringContaining(message),
      ),
    );
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('otherwise shows the message in a snackbar and field errors from errors', async () => {
    renderEdit(makeOwnStory(), {
      patch: {
        status: 400,
        body: { err_key: 'validation_failed', errors: { price: ['at_most_two_decimals'] } },
      },
    });
    await userEvent.type(screen.getByLabelText('Price'), '1.25');
    await send();
    expect(await screen.findByText('Some fields need your attention.')).toBeInTheDocument();
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription(
      expect.stringContaining('Use at most two decimals.'),
    );
  });

  it("refuses what the contract's edit schema refuses before sending", async () => {
    const { patches } = renderEdit(makeOwnStory());
    const description = screen.getByLabelText('Description');
    await userEvent.click(description);
    // A control character: the contract's text rule refuses it (the price field takes none).
    await userEvent.paste('ring the bell \u0007');
    await send();
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(patches()).toHaveLength(0);
  });

  it('falls back to the HTTP status when the answer has no message', async () => {
    renderEdit(makeOwnStory(), { patch: { status: 502 } });
    await send();
    expect(
      await screen.findByText('Saving failed (HTTP 502). Please try again.'),
    ).toBeInTheDocument();
  });

  it('suggests known tags after # and completes the hashtag', async () => {
    renderEdit(makeOwnStory());
    const description = screen.getByLabelText('Description');
    await userEvent.type(description, 'Morning #fi');
    const option = await screen.findByRole('option', { name: '#fitness' });
    await userEvent.click(option);
    expect(description).toHaveValue('Morning #fitness ');
    expect(screen.queryByRole('option')).toBeNull();
    await userEvent.type(description, '#y{Enter}');
    expect(description).toHaveValue('Morning #fitness #yoga ');
  });
});
