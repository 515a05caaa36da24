import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { runTool } from '../../platform/media-tools/run-tool.ts';
import { MESSAGE_AUDIO_KIND } from '../access/access.service.ts';
import { postMessage, type PostedMessage } from '../chats/chat-core.service.ts';
import { deleteBlobs, recordMedia, storeBlob } from '../media/media.service.ts';

const VOICE_SECONDS = 4;

/** A short voice note for the demo: two tones rendered by ffmpeg straight to AAC in mp4. */
async function writeVoiceNote(ctx: AppContext, file: string): Promise<void> {
  const { ffmpeg } = ffmpegBinaries(ctx.config.ffmpegPath);
  await runTool(
    ffmpeg,
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${VOICE_SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=660:duration=${VOICE_SECONDS}`,
      '-filter_complex',
      'amix=inputs=2,volume=0.5',
      '-ac',
      '1',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      '-y',
      file,
    ],
    60_000,
  );
}

/**
 * The channel owner's voice note: recorded once (a second run finds the message by its client
 * id and makes nothing), stored like a voice message and posted through `postMessage`.
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
    const file = path.join(dir, 'voice.m4a');
    await writeVoiceNote(ctx, file);
    const stored = await storeBlob(ctx, createReadStream(file));
    const posted = await inTransaction(ctx.db, async (tx, effects) => {
      const message = await postMessage(tx, effects, {
        chatId: note.chatId,
        senderId: note.senderId,
        type: 'audio',
        clientId: note.clientId,
        audioKey: stored.key,
        audioDurationSeconds: VOICE_SECONDS,
      });
      if (!message.replayed)
        await recordMedia(
          { db: tx },
          { ...stored, ownerId: note.senderId, kind: MESSAGE_AUDIO_KIND, contentType: 'audio/mp4' },
        );
      return message;
    });
    if (posted.replayed) await deleteBlobs(ctx, [stored.key]);
    return posted;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
