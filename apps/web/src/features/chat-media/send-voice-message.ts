import type { Message } from '@glimpse/contract';
import { ApiError, call } from '../../lib/api.ts';
import { voiceFileName } from './audio-format.ts';
import type { VoiceRecording } from './use-voice-recorder.ts';

/** Where a voice message goes: a direct chat by the companion's id, or a channel by its id. */
export type VoiceTarget = { receiverId: number } | { chatId: number };

/** A pause before the automatic second attempt, long enough for a flaky network to come back. */
export const VOICE_RETRY_DELAY_MS = 1_000;

/** No answer (network) or a 5xx: the server may not have stored it, so trying again is safe. */
function mayBeUnanswered(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}

function voiceForm(target: VoiceTarget, recording: VoiceRecording, clientId: string): FormData {
  const form = new FormData();
  // Fields before the file: the server reads the multipart stream in order.
  if ('receiverId' in target) form.append('receiverId', String(target.receiverId));
  else form.append('chatId', String(target.chatId));
  form.append('client_id', clientId);
  form.append('duration', String(recording.duration));
  form.append('audio', recording.blob, voiceFileName(recording.mimeType));
  return form;
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * POST /api/messages/audio, tried a second time after a failure that may not have reached the
 * server. Every attempt carries the same client_id, so the server keeps the message once.
 */
export async function sendVoiceMessage(
  target: VoiceTarget,
  recording: VoiceRecording,
  clientId: string,
): Promise<Message> {
  try {
    return await call('sendAudioMessage', { body: voiceForm(target, recording, clientId) });
  } catch (error) {
    if (!mayBeUnanswered(error)) throw error;
    await wait(VOICE_RETRY_DELAY_MS);
    return call('sendAudioMessage', { body: voiceForm(target, recording, clientId) });
  }
}
