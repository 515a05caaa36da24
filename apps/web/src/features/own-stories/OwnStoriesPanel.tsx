import type { OwnStory } from '@glimpse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useVerificationCheck } from '../story-editing/index.ts';
import { EditStoryDialog } from './EditStoryDialog.tsx';
import { FullScreenStory } from './FullScreenStory.tsx';
import { useDeleteStory } from './own-stories.queries.ts';
import { StoryActions } from './StoryActions.tsx';
import { StoryCarousel } from './StoryCarousel.tsx';
import { StoryStatisticsPanel } from './StoryStatisticsPanel.tsx';
import { StoryViewersPanel } from './StoryViewersPanel.tsx';

type Overlay = 'fullScreen' | 'edit' | 'delete' | undefined;

interface OwnStoriesPanelProps {
  stories: OwnStory[];
  /** Closes the menu: after deleting the last story there is nothing left to show. */
  onClose: () => void;
}

/** The carousel, the current story's actions and, for verified creators, its earnings. */
export function OwnStoriesPanel({ stories, onClose }: OwnStoriesPanelProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const { verified } = useVerificationCheck();
  const deleteStory = useDeleteStory();
  // Unset means the first story (the newest), also after a delete.
  const [selectedId, setSelectedId] = useState<number>();
  const [overlay, setOverlay] = useState<Overlay>();
  const current = stories.find((story) => story.id === selectedId) ?? stories[0]!;

  function handleOpen(id: number) {
    setSelectedId(id);
    setOverlay('fullScreen');
  }

  function handleConfirmDelete() {
    const wasLast = stories.length === 1;
    deleteStory.mutate(current.id, {
      onSuccess: () => {
        // Spec 4: the carousel returns to the first story; with none left the menu closes.
        setSelectedId(undefined);
        notify.success(t('ownStories.deleted'));
        if (wasLast) onClose();
      },
      onError: notifyError,
    });
  }

  return (
    <>
      <StoryCarousel
        stories={stories}
        currentId={current.id}
        onSelect={setSelectedId}
        onOpen={handleOpen}
      />
      <StoryActions
        story={current}
        onEdit={() => setOverlay('edit')}
        onDelete={() => setOverlay('delete')}
      />
      {!current.is_processing && current.processing_error === null && (
        <StoryViewersPanel key={current.id} storyId={current.id} count={current.view_count} />
      )}
      {verified && !current.is_processing && current.processing_error === null && (
        <StoryStatisticsPanel storyId={current.id} />
      )}
      {overlay === 'fullScreen' && (
        <FullScreenStory story={current} onClose={() => setOverlay(undefined)} />
      )}
      {overlay === 'edit' && (
        <EditStoryDialog key={current.id} story={current} onClose={() => setOverlay(undefined)} />
      )}
      <ConfirmDialog
        open={overlay === 'delete'}
        onOpenChange={(open) => !open && setOverlay(undefined)}
        title={t('ownStories.deleteTitle')}
        message={t('ownStories.deleteMessage')}
        hint={verified ? t('ownStories.deleteHintVerified') : undefined}
        onConfirm={handleConfirmDelete}
        busy={deleteStory.isPending}
      />
    </>
  );
}
