import type { StoryDestination, StoryMediaMeta } from '@glimpse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { call, isApiError } from '../../lib/api.ts';
import { sharedQueryRoots } from '../../lib/query-policy.ts';
import { uploadStoryFile } from './tus-upload.ts';

/** The story post model as sent (spec 3); a public story leaves out where it goes. */
export interface StoryPostDraft {
  file: File;
  model: {
    text: string;
    tags: string[];
    price: number | null;
    free: 'free' | null;
    /** Into chats rather than the profile (chat-media's camera flow). */
    destination?: StoryDestination;
    chats?: number[];
    subscribers?: boolean;
  };
  meta: StoryMediaMeta;
}

/**
 * Posting is two calls: the file goes up resumably (tus), then POST /api/stories turns the
 * finished upload into a story (201, still processing). A failed second call keeps the upload,
 * so trying again does not send the file twice.
 */
export function usePostStory() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const uploadedRef = useRef<{ file: File; uploadId: string } | null>(null);

  const mutation = useMutation({
    mutationFn: async ({ draft, signal }: { draft: StoryPostDraft; signal: AbortSignal }) => {
      let uploadId = uploadedRef.current?.file === draft.file ? uploadedRef.current.uploadId : null;
      if (!uploadId) {
        setProgress(0);
        uploadId = await uploadStoryFile(draft.file, { onProgress: setProgress, signal });
        uploadedRef.current = { file: draft.file, uploadId };
      }
      setProgress(1);
      try {
        return await call('createStory', {
          body: { upload_id: uploadId, model: draft.model, meta: draft.meta },
        });
      } catch (error) {
        if (isApiError(error, 'upload_not_found') || isApiError(error, 'upload_incomplete')) {
          uploadedRef.current = null;
        }
        throw error;
      }
    },
    // The new story shows in the own-stories menu (still processing) without a reload.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedQueryRoots.ownStories }),
  });

  return { mutation, progress };
}
