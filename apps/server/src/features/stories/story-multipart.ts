import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let file: string | undefined;
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
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
    return {
      file,
      model: parseJsonField(storyPostModel, fields.model, 'model'),
      meta: parseJsonField(storyMediaMeta, fields.meta, 'meta'),
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
