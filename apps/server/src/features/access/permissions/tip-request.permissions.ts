import { AppError } from '../../../platform/errors/app-error.ts';
import { definePermission, type Verdict, type Viewer } from '../permission.ts';
import { tipRequestFacts, type TipRequestFact } from '../tip-request-facts.repository.ts';

/**
 * Answer a tip request (pay or decline it): only the person it was addressed to, and only while
 * it is pending. Anyone else, the requester included, learns nothing of it (404), as for a
 * request already paid or declined.
 */
export function decideTipRequestAnswer(request: TipRequestFact, viewer: Viewer): Verdict {
  return viewer !== null && request.targetId === viewer && request.pending ? 'allow' : 'hidden';
}

export const tipRequestPermissions = {
  /** Pay or decline a tip request (POST / DELETE /api/tips/requests/{id}). */
  'tip_request.answer': definePermission<number, TipRequestFact>({
    load: tipRequestFacts,
    idOf: (request) => request.id,
    decide: decideTipRequestAnswer,
    refusals: {
      hidden: () => new AppError('tip_request_not_found'),
      forbidden: () => new AppError('tip_request_not_found'),
    },
  }),
};
