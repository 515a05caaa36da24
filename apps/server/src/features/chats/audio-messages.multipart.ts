import type { FastifyRequest } from 'fastify';
import { AUDIO_UPLOAD_MAX_BYTES, audioMessageFields } from '@glimpse/contract';
import type { z } from 'zod';
import { multipartForm } from '../../platform/http/documented-body.ts';
import { readMultipartUpload, type MultipartUpload } from '../../platform/http/multipart-upload.ts';
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

/** The recording as uploaded (in a private temp dir) and the parsed text fields. */
export type AudioUpload = MultipartUpload<AudioMessageFields>;

/**
 * Reads the form: file `audio` streamed to a temp file and cut off at AUDIO_UPLOAD_MAX_BYTES
 * while streaming (413 `file_too_large`), the other fields as text in any order.
 */
export function readAudioMultipart(request: FastifyRequest): Promise<AudioUpload> {
  return readMultipartUpload(
    request,
    { fileField: 'audio', maxBytes: AUDIO_UPLOAD_MAX_BYTES, tempPrefix: 'glimpse-audio-' },
    (fields) => parseOrThrow(audioMessageFields, fields),
  );
}
