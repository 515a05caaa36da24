import type { FastifyRequest } from 'fastify';
import {
  storyMediaMeta,
  storyPostModel,
  type StoryMediaMeta,
  type StoryPostModel,
} from '@glimpse/contract';
import type { z } from 'zod';
import { AppError } from '../../platform/errors/app-error.ts';
import { multipartForm } from '../../platform/http/documented-body.ts';
import { readMultipartUpload } from '../../platform/http/multipart-upload.ts';
import { parseOrThrow } from '../../platform/http/parse.ts';

/** POST /api/stories as a form: the file, and `model` and `meta` as JSON text. */
export const storyMultipartForm = multipartForm(
  { file: 'file', model: storyPostModel, meta: storyMediaMeta },
  ['file'],
);

export interface StoryMultipart {
  file: string;
  model: StoryPostModel;
  meta: StoryMediaMeta;
  cleanup(): Promise<void>;
}

function parseJsonField<S extends z.ZodType>(
  schema: S,
  raw: string | undefined,
  field: string,
): z.infer<S> {
  let value: unknown = {};
  if (raw !== undefined) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('validation_failed', { errors: { [field]: ['invalid_json'] } });
    }
  }
  return parseOrThrow(schema, value, field);
}

/**
 * Reads `multipart/form-data` with fields `file`, `model` (JSON) and `meta` (JSON). The file
 * streams to a temp file and is cut off at `maxBytes` while streaming (Config.storyUploadMaxBytes).
 */
export async function readStoryMultipart(
  request: FastifyRequest,
  maxBytes: number,
): Promise<StoryMultipart> {
  const { file, fields, cleanup } = await readMultipartUpload(
    request,
    { fileField: 'file', maxBytes, tempPrefix: 'glimpse-upload-' },
    (raw) => ({
      model: parseJsonField(storyPostModel, raw.model, 'model'),
      meta: parseJsonField(storyMediaMeta, raw.meta, 'meta'),
    }),
  );
  return { file, ...fields, cleanup };
}
