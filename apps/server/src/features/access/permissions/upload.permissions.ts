import { AppError } from '../../../platform/errors/app-error.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';

/**
 * What `upload.own` decides on. A resumable upload's id carries its uploader
 * (`{userId}-{32 hex}`, features/uploads names them so), so no query is needed.
 */
export interface UploadFact {
  id: string;
  /** The id of the user it was issued to, as the id spells it; null for an id not of that form. */
  ownerId: string | null;
}

const UPLOAD_ID = /^(\d+)-[0-9a-f]{32}$/;

export function uploadFacts(_db: unknown, _viewer: Viewer, ids: string[]): Promise<UploadFact[]> {
  return Promise.resolve(
    ids.map((id) => {
      const owner = UPLOAD_ID.exec(id)?.[1];
      return { id, ownerId: owner ?? null };
    }),
  );
}

/**
 * An upload is its uploader's alone: every request after its creation (resume, read, take it
 * into a story) must come from them. Anyone else learns nothing of it, as of a missing one.
 */
export function decideUploadOwn(upload: UploadFact, viewer: Viewer): Verdict {
  return viewer !== null && upload.ownerId === String(viewer) ? 'allow' : 'hidden';
}

const notFound = () => new AppError('upload_not_found');

export const uploadPermissions = {
  /** Resume, read or use a resumable upload (features/uploads). */
  'upload.own': definePermission<string, UploadFact>({
    load: uploadFacts,
    idOf: (upload) => upload.id,
    decide: decideUploadOwn,
    refusals: { hidden: notFound, forbidden: notFound },
  }),
};
