import { AUDIO_MAX_SECONDS } from '@glimpse/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../test/fetch-mock.ts';
import { AudioRecorderButton, type AudioRecorderButtonProps } from './AudioRecorderButton.tsx';
import {
  FakeMediaRecorder,
  installFakeMicrophone,
  uninstallFakeMicrophone,
} from './test/fake-media.ts';
import { makeMessage } from './test/messages.ts';
import { MicrophoneError } from './use-voice-recorder.ts';

const sentMessage = makeMessage({ id: 900, type: 'audio', own: true });

function renderMic(
  props: Partial<AudioRecorderButtonProps> = {},
  answer: MockResponse | (() => MockResponse) = { body: sentMessage },
) {
  const fetch = mockFetch({ 'POST /api/messages/audio': answer });
  const onSent = vi.fn();
  const onError = vi.fn();
  render(
    <AudioRecorderButton target={{ receiverId: 9 }} onSent={onSent} onError={onError} {...props} />,
  );
  const uploads = () => fetch.calls.filter((call) => call.url === '/api/messages/audio');
  return {
    ...fetch,
    uploads,
    onSent,
    onError,
    mic: () => screen.getByRole('button', { name: /voice message/ }),
  };
}

/** Lets timers run and the promises they resolve settle (the microphone, the recorder, fetch). */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function press(button: HTMLElement, clientX = 300) {
  await act(async () => {
    fireEvent.pointerDown(button, { pointerId: 1, button: 0, pointerType: 'touch', clientX });
  });
}

async function moveTo(button: HTMLElement, clientX: number) {
  await act(async () => {
    fireEvent.pointerMove(button, { pointerId: 1, pointerType: 'touch', clientX });
  });
}

async function release(button: HTMLElement) {
  await act(async () => {
    fireEvent.pointerUp(button, { pointerId: 1, button: 0, pointerType: 'touch' });
  });
  await advance(0);
}

function formOf(call: RecordedCall | undefined): FormData {
  expect(call?.body).toBeInstanceOf(FormData);
  return call!.body as FormData;
}

describe('AudioRecorderButton', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    uninstallFakeMicrophone();
  });

  it('does not record when let go before 800 ms, and says how to record', async () => {
    const { getUserMedia } = installFakeMicrophone();
    const { uploads, mic } = renderMic();
    expect(mic()).toHaveAccessibleName('Hold to record a voice message');
    await press(mic());
    await advance(790);
    await release(mic());
    await advance(100);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(FakeMediaRecorder.instances).toHaveLength(0);
    expect(uploads()).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Hold the microphone to record');
  });

  it('records after a hold of 800 ms, shows the time, and sends on release', async () => {
    const { getUserMedia, streams } = installFakeMicrophone();
    const { uploads, onSent, onError, mic } = renderMic();
    await press(mic());
    await advance(800);
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeMediaRecorder.instances[0]?.state).toBe('recording');
    expect(FakeMediaRecorder.instances[0]?.mimeType).toBe('audio/webm;codecs=opus');
    expect(mic()).toHaveAccessibleName('Recording a voice message: release to send');
    expect(screen.getByRole('status')).toHaveTextContent('Slide left to cancel');

    await advance(3_000);
    expect(screen.getByText('0:03')).toBeInTheDocument();
    await release(mic());

    expect(uploads()).toHaveLength(1);
    const form = formOf(uploads()[0]);
    expect(form.get('receiverId')).toBe('9');
    expect(form.get('chatId')).toBeNull();
    expect(form.get('client_id')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(form.get('duration')).toBe('3');
    const audio = form.get('audio') as File;
    expect(audio.name).toMatch(/^voice-\d+\.webm$/);
    expect(audio.type).toBe('audio/webm;codecs=opus');
    expect(onSent).toHaveBeenCalledWith(sentMessage);
    expect(onError).not.toHaveBeenCalled();
    // The microphone is released after the recording.
    expect(streams[0]?.tracks.every((track) => track.stopped)).toBe(true);
    expect(mic()).toHaveAccessibleName('Hold to record a voice message');
  });

  it('sends a channel recording with chatId', async () => {
    installFakeMicrophone();
    const { uploads, mic } = renderMic({ target: { chatId: 44 } });
    await press(mic());
    await advance(800 + 1_500);
    await release(mic());
    const form = formOf(uploads()[0]);
    expect(form.get('chatId')).toBe('44');
    expect(form.get('receiverId')).toBeNull();
    expect(form.get('duration')).toBe('1.5');
  });

  it('cancels when slid left more than 100 px: deleted for 1 s, nothing uploaded', async () => {
    const { streams } = installFakeMicrophone();
    const { uploads, onSent, mic } = renderMic();
    await press(mic(), 300);
    await advance(800 + 1_000);
    // 60 px is not enough: still recording.
    await moveTo(mic(), 240);
    expect(FakeMediaRecorder.instances[0]?.state).toBe('recording');
    await moveTo(mic(), 199);
    await advance(0);
    expect(screen.getByRole('status')).toHaveTextContent('Recording deleted');
    expect(streams[0]?.tracks.every((track) => track.stopped)).toBe(true);

    await release(mic());
    await advance(990);
    expect(screen.getByText('Recording deleted')).toBeInTheDocument();
    await advance(10);
    expect(screen.queryByText('Recording deleted')).toBeNull();
    expect(uploads()).toHaveLength(0);
    expect(onSent).not.toHaveBeenCalled();
  });

  it('stops and sends by itself at the maximum length', async () => {
    installFakeMicrophone();
    const { uploads, mic } = renderMic();
    await press(mic());
    await advance(800);
    await advance(AUDIO_MAX_SECONDS * 1_000 - 1);
    expect(uploads()).toHaveLength(0);
    await advance(1);
    await advance(0);
    expect(uploads()).toHaveLength(1);
    expect(formOf(uploads()[0]).get('duration')).toBe(String(AUDIO_MAX_SECONDS));
    // Letting go afterwards sends nothing more.
    await release(mic());
    expect(uploads()).toHaveLength(1);
  });

  it('explains a refused microphone inline and reports it', async () => {
    installFakeMicrophone({ failWith: 'NotAllowedError' });
    const { uploads, onError, mic } = renderMic();
    await press(mic());
    await advance(800);
    expect(screen.getByRole('alert')).toHaveTextContent('Microphone access is blocked');
    expect(onError).toHaveBeenCalledWith(expect.any(MicrophoneError));
    expect(vi.mocked(onError).mock.calls[0]?.[0]).toMatchObject({ problem: 'denied' });
    await release(mic());
    expect(uploads()).toHaveLength(0);
  });

  it('does not record when the permission check says no', async () => {
    const { getUserMedia } = installFakeMicrophone();
    const beforeRecord = vi.fn(async () => false);
    const { mic } = renderMic({ beforeRecord });
    await press(mic());
    await advance(800);
    expect(beforeRecord).toHaveBeenCalledOnce();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('records while Space is held and sends when it is let go', async () => {
    installFakeMicrophone();
    const { uploads, mic } = renderMic();
    await act(async () => {
      fireEvent.keyDown(mic(), { key: ' ' });
    });
    await advance(800 + 2_000);
    expect(screen.getByRole('status')).toHaveTextContent('Press Escape to cancel');
    // Auto-repeat keydowns while held change nothing.
    fireEvent.keyDown(mic(), { key: ' ', repeat: true });
    await act(async () => {
      fireEvent.keyUp(mic(), { key: ' ' });
    });
    await advance(0);
    expect(uploads()).toHaveLength(1);
    expect(formOf(uploads()[0]).get('duration')).toBe('2');
  });

  it('retries a failed upload with the same client_id, and offers to send again', async () => {
    installFakeMicrophone();
    const answers: MockResponse[] = [
      { status: 503, body: { err_key: 'internal_error' } },
      { status: 503, body: { err_key: 'internal_error' } },
      { body: sentMessage },
    ];
    const { uploads, onSent, onError, mic } = renderMic({}, () => answers.shift()!);
    await press(mic());
    await advance(800 + 2_000);
    await release(mic());
    await advance(1_000);
    expect(uploads()).toHaveLength(2);
    expect(onError).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert')).toHaveTextContent('The voice message was not sent.');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    });
    await advance(0);
    expect(uploads()).toHaveLength(3);
    const ids = uploads().map((call) => formOf(call).get('client_id'));
    expect(new Set(ids).size).toBe(1);
    expect(onSent).toHaveBeenCalledWith(sentMessage);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
