import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderScreen } from '../../test/render.tsx';
import { installFakeMicrophone, uninstallFakeMicrophone } from '../chat-media/test/fake-media.ts';
import { Composer } from './Composer.tsx';
import type { ComposerMediaContext } from './media-slots.tsx';

const media: ComposerMediaContext = {
  chatId: 7,
  isChannel: false,
  receiverId: 42,
  ensureCanSend: () => Promise.resolve(true),
  onMessageSent: () => undefined,
};

function renderComposer() {
  mockFetch({});
  renderScreen(
    <Composer
      draft=""
      onDraftChange={() => undefined}
      onSend={() => undefined}
      busy={false}
      roles={{ canTip: true, canPostMedia: true }}
      onTip={() => undefined}
      onTyping={() => undefined}
      media={media}
    />,
  );
  return { mic: () => screen.getByRole('button', { name: /voice message/ }) };
}

describe('Composer while a voice message records', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeMicrophone();
  });
  afterEach(() => {
    vi.useRealTimers();
    uninstallFakeMicrophone();
  });

  it('puts the recording pill in the place of the text field, then gives the field back', async () => {
    const { mic } = renderComposer();
    const input = screen.getByRole('textbox', { name: 'Message' });
    expect(input).toBeVisible();
    await act(async () => {
      fireEvent.pointerDown(mic(), { pointerId: 1, button: 0, pointerType: 'touch', clientX: 300 });
    });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(mic()).toHaveAccessibleName('Recording a voice message: release to send');
    expect(screen.getByRole('status')).toHaveTextContent('Slide left to cancel');
    // Nothing of the field (placeholder "Write a message…") or its neighbours shows beside the pill.
    expect(input).not.toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send a tip' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send a photo or video' })).toBeNull();

    await act(async () => {
      fireEvent.pointerMove(mic(), { pointerId: 1, pointerType: 'touch', clientX: 150 });
    });
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a tip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a photo or video' })).toBeInTheDocument();
  });
});
