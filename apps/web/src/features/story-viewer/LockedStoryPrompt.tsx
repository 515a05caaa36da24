import type { Story, StoryGroup } from '@glimpse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useMe } from '../auth/index.ts';
import {
  createMarker,
  InsufficientFundsDialog,
  SubscribeDialog,
  useUnlockStory,
  type ResumeMarker,
} from '../money/index.ts';
import { storyViewerKeys } from './story-viewer.queries.ts';

interface LockedStoryPromptProps {
  story: Story;
  group: StoryGroup;
}

/** Spec 4: Unlock -> confirm -> unlock; too little money -> the insufficient funds dialog. */
type UnlockStep = 'idle' | 'confirm' | 'insufficient';

/**
 * A priced story the viewer has not bought: its price, Unlock, and Subscribe when offered.
 * Rendered inside the story's gesture area (StoryScreen), so it never blocks taps or swipes.
 */
export function LockedStoryPrompt({ story, group }: LockedStoryPromptProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const balance = useMe().data?.balance ?? 0;
  const [unlockStep, setUnlockStep] = useState<UnlockStep>('idle');
  const [resume, setResume] = useState<ResumeMarker | null>(null);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const unlock = useUnlockStory();
  const price = story.price === null ? null : formatMoney(story.price);
  const subscribePrice = group.subscribePrice === null ? null : formatMoney(group.subscribePrice);

  function handleUnlockConfirmed() {
    setUnlockStep('idle');
    unlock.mutate(story.id, {
      onSuccess: async (answer) => {
        if (!answer.status) {
          // The checkout comes back to this story and finishes the unlock there.
          setResume(
            createMarker({ kind: 'unlock', creatorId: group.creator_id, storyId: story.id }),
          );
          setUnlockStep('insufficient');
          return;
        }
        notify.success(t('money.unlock.done'));
        // The group answers the story again, now available with its media: it plays.
        await queryClient.invalidateQueries({ queryKey: storyViewerKeys.group(group.creator_id) });
      },
      onError: notifyError,
    });
  }

  function handleConfirmOpenChange(open: boolean) {
    if (!open) setUnlockStep((step) => (step === 'confirm' ? 'idle' : step));
  }

  return (
    // Part of the story area: a press on the card (not its buttons) is a tap or swipe like any
    // other. The side padding keeps the card clear of the previous/next arrows on a phone.
    <div className="absolute inset-0 flex items-center justify-center px-14 py-6">
      <div
        role="group"
        aria-labelledby={titleId}
        aria-busy={unlock.isPending}
        className="flex w-full max-w-xs flex-col items-center gap-3 rounded-2xl bg-neutral-900/85 p-6 text-center shadow-xl"
      >
        <Lock aria-hidden="true" size={36} />
        <h2 id={titleId} className="text-lg font-semibold">
          {t('viewer.locked.title')}
        </h2>
        {price && <p className="text-base">{t('viewer.locked.price', { price })}</p>}
        {story.noPaid ? (
          <p className="text-sm text-white/80">{t('viewer.locked.notForSale')}</p>
        ) : (
          <>
            <Button
              className="w-full"
              disabled={unlock.isPending}
              onClick={() => setUnlockStep('confirm')}
            >
              {t('viewer.locked.unlock')}
            </Button>
            {subscribePrice && (
              <Button variant="secondary" className="w-full" onClick={() => setSubscribeOpen(true)}>
                {t('viewer.locked.subscribe', { price: subscribePrice })}
              </Button>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={unlockStep === 'confirm'}
        onOpenChange={handleConfirmOpenChange}
        message={t('money.unlock.confirm', { price: price ?? '' })}
        onConfirm={handleUnlockConfirmed}
      />
      <InsufficientFundsDialog
        open={unlockStep === 'insufficient'}
        onOpenChange={(open) => !open && setUnlockStep('idle')}
        missing={(story.price ?? 0) - balance}
        resume={resume}
      />
      {group.subscribePrice !== null && (
        <SubscribeDialog
          open={subscribeOpen}
          onOpenChange={setSubscribeOpen}
          creator={{
            id: group.creator_id,
            name: group.name,
            subscribePrice: group.subscribePrice,
            benefits: group.subscriptionBenefits.benefits_list,
            bundles: group.subscriptionBenefits.bundles,
          }}
        />
      )}
    </div>
  );
}
