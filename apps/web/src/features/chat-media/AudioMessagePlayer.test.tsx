import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioMessagePlayer } from './AudioMessagePlayer.tsx';
import { installFakePlayback } from './test/fake-media.ts';

function renderTwoPlayers() {
  render(
    <>
      <section aria-label="first">
        <AudioMessagePlayer src="/media/a.m4a" duration={10} own={false} />
      </section>
      <section aria-label="second">
        <AudioMessagePlayer src="/media/b.m4a" duration={4} own />
      </section>
    </>,
  );
  return {
    first: within(screen.getByRole('region', { name: 'first' })),
    second: within(screen.getByRole('region', { name: 'second' })),
  };
}

describe('AudioMessagePlayer', () => {
  beforeEach(() => {
    installFakePlayback();
  });

  it('plays and pauses, and only one player plays at a time', async () => {
    const { first, second } = renderTwoPlayers();
    await userEvent.click(first.getByRole('button', { name: 'Play voice message' }));
    expect(first.getByRole('button', { name: 'Pause voice message' })).toBeInTheDocument();

    await userEvent.click(second.getByRole('button', { name: 'Play voice message' }));
    expect(second.getByRole('button', { name: 'Pause voice message' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Play voice message' })).toBeInTheDocument();
    expect(document.querySelectorAll('audio')[0]!.paused).toBe(true);

    await userEvent.click(second.getByRole('button', { name: 'Pause voice message' }));
    expect(second.getByRole('button', { name: 'Play voice message' })).toBeInTheDocument();
  });

  it('seeks where the progress bar is clicked and shows the time', () => {
    const { first } = renderTwoPlayers();
    const bar = first.getByRole('slider', { name: 'Voice message position' });
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue({
      left: 20,
      width: 200,
      top: 0,
      height: 24,
      right: 220,
      bottom: 24,
      x: 20,
      y: 0,
      toJSON: () => ({}),
    });
    expect(first.getByText('0:10')).toBeInTheDocument();
    fireEvent.click(bar, { clientX: 120 });
    expect(document.querySelectorAll('audio')[0]!.currentTime).toBe(5);
    expect(bar).toHaveAttribute('aria-valuenow', '5');
    expect(bar).toHaveAttribute('aria-valuetext', '0:05 of 0:10');
    expect(first.getByText('0:05 / 0:10')).toBeInTheDocument();
  });

  it('seeks with the keyboard', async () => {
    const { first } = renderTwoPlayers();
    const bar = first.getByRole('slider', { name: 'Voice message position' });
    bar.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(bar).toHaveAttribute('aria-valuenow', '2');
    await userEvent.keyboard('{End}');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    await userEvent.keyboard('{ArrowLeft}{Home}');
    expect(bar).toHaveAttribute('aria-valuenow', '0');
  });

  it('takes the length from the file when the message has none', () => {
    render(<AudioMessagePlayer src="/media/c.m4a" duration={null} own={false} />);
    const audio = document.querySelector('audio')!;
    Object.defineProperty(audio, 'duration', { configurable: true, value: 65 });
    fireEvent.loadedMetadata(audio);
    expect(screen.getByText('1:05')).toBeInTheDocument();
  });

  it('cannot play while the recording is still being prepared', () => {
    render(<AudioMessagePlayer src={null} duration={3} own={false} />);
    expect(screen.getByRole('button', { name: 'Play voice message' })).toBeDisabled();
    expect(screen.getByText('The voice message is being prepared.')).toBeInTheDocument();
  });
});
