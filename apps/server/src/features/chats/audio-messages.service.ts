import { createReadStream } from 'node:fs';
import type { Message } from '@glimpse/contract';
import type { AppContext } from '../../platform/context.ts';
import { inTransaction } from '../../platform/db/transaction.ts';
import { makeVoiceMessage } from '../../platform/media-tools/audio.ts';
import { ffmpegBinaries } from '../../platform/media-tools/ffmpeg-binaries.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { MESSAGE_AUDIO_KIND } from '../access/index.ts';
import { deleteBlobs, recordMedia, storeBlob } from '../media/index.ts';
import type { AudioUpload } from './audio-messages.multipart.ts';
import { postMessage } from './chat-core.service.ts';
import * as chatCore from './chat-core.repository.ts';
import { messageForViewer } from './chat-messages.service.ts';
import { assertMaySend } from './send-permission.service.ts';
import { noticeMessages, presentIn } from './message-notices.ts';

/**
 * POST /api/messages/audio: a voice message to a user (their direct chat) or into a chat.
 * A retried client id answers the first message without transcoding again (422
 * `idempotency_mismatch` when it was sent to another chat). Otherwise the
 * sender's right to send audio there is checked before anything is stored; the recording is
 * transcoded while the request waits (a two-minute clip takes well under a second) and posted
 * with its measured length.
 */
export async function sendAudioMessage(
  ctx: AppContext,
  senderId: number,
  upload: Pick<AudioUpload, 'file' | 'dir' | 'fields'>,
): Promise<Message> {
  const { fields } = upload;
  const target = 'receiverId' in fields ? { userId: fields.receiverId } : { chatId: fields.chatId };
  const earlier = await chatCore.findByClientId(ctx.db, senderId, fields.client_id);
  if (earlier) {
    if (!(await isChatOf(ctx, earlier.chatId, senderId, target))) {
      throw new AppError('idempotency_mismatch');
    }
    return messageForViewer(ctx, senderId, earlier.id);
  }

  const { chatId } = await assertMaySend(ctx, senderId, target, 'audio');
  const voice = await makeVoiceMessage(
    ffmpegBinaries(ctx.config.ffmpegPath),
    upload.file,
    upload.dir,
  );
  const stored = await storeBlob(ctx, createReadStream(voice.file));
  const present = await presentIn(ctx, chatId);
  let posted;
  try {
    posted = await inTransaction(ctx.db, async (tx, effects) => {
      const message = await postMessage(tx, effects, {
        chatId,
        senderId,
        type: 'audio',
        clientId: fields.client_id,
        audioKey: stored.key,
        audioDurationSeconds: Math.round(voice.durationSeconds * 10) / 10,
      });
      if (!message.replayed) {
        await noticeMessages(
          ctx,
          tx,
          effects,
          chatId,
          [{ id: message.id, senderId, type: 'audio' }],
          present,
        );
        await recordMedia(
          { db: tx },
          {
            ...stored,
            ownerId: senderId,
            kind: MESSAGE_AUDIO_KIND,
            contentType: voice.contentType,
          },
        );
      }
      return message;
    });
  } catch (error) {
    await deleteBlobs(ctx, [stored.key]);
    throw error;
  }
  // A concurrent retry won the client id: its message stands, this copy of the sound goes.
  if (posted.replayed) await deleteBlobs(ctx, [stored.key]);
  return messageForViewer(ctx, senderId, posted.id);
}

/** Whether a chat is the one an upload names: that chat, or the sender's direct chat with the user. */
async function isChatOf(
  ctx: AppContext,
  chatId: number,
  senderId: number,
  target: { userId: number } | { chatId: number },
): Promise<boolean> {
  if ('chatId' in target) return chatId === target.chatId;
  const chat = await chatCore.findChat(ctx.db, chatId);
  const members = [chat?.userLowId, chat?.userHighId];
  return chat?.kind === 'direct' && members.includes(senderId) && members.includes(target.userId);
}
