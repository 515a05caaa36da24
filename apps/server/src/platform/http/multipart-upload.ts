import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.ts';

export interface MultipartUploadOptions {
  /** The form field carrying the file; other file fields are drained and ignored. */
  fileField: string;
  /** The file is cut off at this size while streaming (413 `file_too_large`). */
  maxBytes: number;
  /** Names the temp directory, e.g. `glimpse-audio-`. */
  tempPrefix: string;
}

export interface MultipartUpload<Fields> {
  /** The file as uploaded, in `dir`. */
  file: string;
  /** A private temporary directory for the work on it; gone after `cleanup`. */
  dir: string;
  fields: Fields;
  cleanup(): Promise<void>;
}

/**
 * Reads `multipart/form-data` with one file and text fields in any order: the file streams to a
 * temp directory and is cut off at `maxBytes` while streaming, the text fields are collected and
 * handed to `parseFields`. Any failure (too large, no file, fields refused) removes the directory
 * before it throws, so a caller only cleans up after a successful read.
 */
export async function readMultipartUpload<Fields>(
  request: FastifyRequest,
  { fileField, maxBytes, tempPrefix }: MultipartUploadOptions,
  parseFields: (fields: Record<string, string>) => Fields,
): Promise<MultipartUpload<Fields>> {
  const dir = await mkdtemp(path.join(tmpdir(), tempPrefix));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const fields: Record<string, string> = {};
    let file: string | undefined;
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField || file) {
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
    return { file, dir, fields: parseFields(fields), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
