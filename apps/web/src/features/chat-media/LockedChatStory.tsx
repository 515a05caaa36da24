import type { ChatStory } from '@glimpse/contract';
import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../lib/api.ts';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { useMe } from '../auth/index.ts';
import { InsufficientFundsDialog, useUnlockStory } from '../money/index.ts';
import { mediaOf, type StoryMedia } from './story-media.ts';

interface LockedChatStoryProps {
  story: ChatStory;
  /** Unlocked: its media when the story could be read at once, else null (it comes with the chat). */
  onUnlocked: (media: StoryMedia | null) => void;
}

type UnlockStep = 'idle' | 'confirm' | 'insufficient';

/**
 * A priced story in a chat the viewer has not bought (spec 4, the story viewer's unlock flow):
 * a blurred placeholder, the price and Unlock -> confirm -> pay; status false opens the
 * insufficient funds dialog.
 */
export function LockedChatStory({ story, onUnlocked }: LockedChatStoryProps) {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const titleId = useId();
  const balance = useMe().data?.balance ?? 0;
  const unlock = useUnlockStory();
  const [step, setStep] = useState<UnlockStep>('idle');
  const price = formatMoney(story.price ?? 0);

  function handleConfirmed() {
    setStep('idle');
    unlock.mutate(story.id, {
      onSuccess: async (answer) => {
        if (!answer.status) {
          setStep('insufficient');
          return;
        }
        notify.success(t('money.unlock.done'));
        // The chat's copy of the message stays locked until it is fetched again; reading the
        // story now shows it at once.
        const fresh = await call('story', { params: { id: story.id } }).catch(() => null);
        onUnlocked(fresh?.isAvailable ? mediaOf(fresh) : null);
      },
      onError: notifyError,
    });
  }

  return (
    <div
      role="group"
      aria-labelledby={titleId}
      aria-busy={unlock.isPending}
      className="media-surface relative flex h-56 w-40 flex-col items-center justify-center gap-2 overflow-hidden rounded-2xl bg-neutral-800 p-3 text-center text-white"
    >
      {/* No media reaches a locked story: a blurred photo of the creator stands in for it. */}
      {story.profileImage ? (
        <img
          src={story.profileImage}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-125 object-cover opacity-60 blur-xl"
        />
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-br from-accent/60 via-neutral-700 to-neutral-900 blur-md"
        />
      )}
      <Lock aria-hidden="true" size={28} className="relative" />
      <p id={titleId} className="relative text-sm font-semibold">
        {t('chatMedia.story.locked', { name: story.name })}
      </p>
      {story.noPaid ? (
        <p className="relative text-xs text-white/85">{t('chatMedia.story.notForSale')}</p>
      ) : (
        <Button
          className="relative min-h-10 w-full px-2 text-sm"
          disabled={unlock.isPending}
          onClick={() => setStep('confirm')}
        >
          {t('chatMedia.story.unlock', { price })}
        </Button>
      )}
      <ConfirmDialog
        open={step === 'confirm'}
        onOpenChange={(open) => !open && setStep((now) => (now === 'confirm' ? 'idle' : now))}
        message={t('money.unlock.confirm', { price })}
        onConfirm={handleConfirmed}
      />
      {/* No resume marker: the resumer reopens profile stories, and a chat story is not one. */}
      <InsufficientFundsDialog
        open={step === 'insufficient'}
        onOpenChange={(open) => !open && setStep('idle')}
        missing={(story.price ?? 0) - balance}
      />
    </div>
  );
}
