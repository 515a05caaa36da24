import {
  isProcessingReason,
  processingReasonCatalogue,
  STORY_VIDEO_MAX_SECONDS,
} from '@glimpse/contract';
import type { TFunction } from 'i18next';

/**
 * The sentence for a failed story's `processing_error`: the server sends a catalogued reason
 * key; anything else (an older server's free text) gets the generic sentence, never raw text.
 */
export function processingErrorText(t: TFunction, reason: string): string {
  const key = isProcessingReason(reason) ? reason : 'processing_failed';
  return t(processingReasonCatalogue[key].message, { max: STORY_VIDEO_MAX_SECONDS });
}
