import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { runTool } from '../../platform/media-tools/run-tool.ts';
import { sendAudioMessage } from '../chats/index.ts';
import type { PostedMessage } from '../chats/index.ts';

const VOICE_SECONDS = 4;

/** A "recording" for the demo: two tones from ffmpeg's sine source, as a plain wav. */
async function recordVoiceNote(ctx: AppContext, file: string): Promise<void> {
  const { ffmpeg } = ffmpegBinaries(ctx.config.ffmpegPath);
  const tone = (hz: number) => [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${hz}:duration=${VOICE_SECONDS}`,
  ];
  await runTool(
    ffmpeg,
    [
      '-nostdin',
      '-loglevel',
      'error',
      ...tone(440),
      ...tone(660),
      '-filter_complex',
      'amix=inputs=2,volume=0.5',
      '-ac',
      '1',
      '-f',
      'wav',
      '-y',
      file,
    ],
    60_000,
  );
}

/**
 * The channel owner's voice note, sent the way the app sends one (`sendAudioMessage`: the
 * audio module transcodes it to AAC in mp4, it is stored as a voice message and posted through
 * `postMessage`). Recorded once: a second run finds the message by its client id first.
 */
export async function postDemoVoiceNote(
  ctx: AppContext,
  note: { chatId: number; senderId: number; clientId: string },
): Promise<PostedMessage> {
  const [earlier] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.senderId, note.senderId), eq(messages.clientId, note.clientId)));
  if (earlier) return { id: earlier.id, chatId: note.chatId, replayed: true };
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-demo-voice-'));
  try {
    const file = path.join(dir, 'recording.wav');
    await recordVoiceNote(ctx, file);
    const message = await sendAudioMessage(ctx, note.senderId, {
      file,
      dir,
      fields: { chatId: note.chatId, client_id: note.clientId },
    });
    return { id: message.id, chatId: note.chatId, replayed: false };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
