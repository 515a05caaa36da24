import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AUDIO_UPLOAD_MAX_BYTES, audioMessageFields } from '@glimpse/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import { multipartForm } from '../../platform/http/documented-body.ts';
import { parseOrThrow } from '../../platform/http/parse.ts';

/** POST /api/messages/audio as OpenAPI shows it: the recording and plain text fields. */
export const audioMessageForm = {
  type: 'object',
  properties: {
    ...(multipartForm({ audio: 'file' }, ['audio']).properties as object),
    receiverId: { type: 'string', pattern: '^[0-9]{1,10}$' },
    chatId: { type: 'string', pattern: '^[0-9]{1,10}$' },
    client_id: { type: 'string' },
    duration: { type: 'string' },
  },
  required: ['audio', 'client_id'],
};

export type AudioMessageFields = z.infer<typeof audioMessageFields>;

export interface AudioUpload {
  /** The recording as uploaded, in `dir`. */
  file: string;
  /** A private temporary directory for the work on it; gone after `cleanup`. */
  dir: string;
  fields: AudioMessageFields;
  cleanup(): Promise<void>;
}

/**
 * Reads the form: file `audio` streamed to a temp file and cut off at AUDIO_UPLOAD_MAX_BYTES
 * while streaming (413 `file_too_large`), the other fields as text in any order.
 */
export async function readAudioMultipart(request: FastifyRequest): Promise<AudioUpload> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-audio-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let file: string | undefined;
    for await (const part of request.parts({
      limits: { fileSize: AUDIO_UPLOAD_MAX_BYTES, files: 1 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio' || file) {
          part.file.resume();
          continue;
        }
        file = path.join(dir, 'upload');
        try {
          await pipeline(part.file, createWriteStream(file));
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('file_too_large');
          throw error;
        }
        if (part.file.truncated) throw new AppError('file_too_large');
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!file) throw new AppError('file_missing');
    return { file, dir, fields: parseOrThrow(audioMessageFields, fields), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
