import type { Story, StoryGroup } from '@glimpse/contract';
import { Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/money.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { InfoDialog } from '../../ui/InfoDialog.tsx';

interface LockedStoryPromptProps {
  story: Story;
  group: StoryGroup;
}

/**
 * The unlock path of spec 4: Unlock -> confirm -> (unlock call). Payments arrive with the money
 * issue; until then confirming leads to an honest "not available yet" instead of the call.
 */
type UnlockStep = 'idle' | 'confirm' | 'unavailable';

/**
 * A priced story the viewer has not bought: its price, Unlock, and Subscribe when offered.
 * Rendered inside the story's gesture area (StoryScreen), so it never blocks taps or swipes.
 */
export function LockedStoryPrompt({ story, group }: LockedStoryPromptProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [unlockStep, setUnlockStep] = useState<UnlockStep>('idle');
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const price = story.price === null ? null : formatMoney(story.price);
  const subscribePrice = group.subscribePrice === null ? null : formatMoney(group.subscribePrice);

  function handleUnlockConfirmed() {
    // When money exists: call unlock here; status true reloads the group so the story plays,
    // status false opens the insufficient funds dialog.
    setUnlockStep('unavailable');
  }

  function handleConfirmOpenChange(open: boolean) {
    // Yes moves on to the next step before the dialog reports itself closed: keep that step.
    if (!open) setUnlockStep((step) => (step === 'confirm' ? 'idle' : step));
  }

  return (
    // Part of the story area: a press on the card (not its buttons) is a tap or swipe like any
    // other. The side padding keeps the card clear of the previous/next arrows on a phone.
    <div className="absolute inset-0 flex items-center justify-center px-14 py-6">
      <div
        role="group"
        aria-labelledby={titleId}
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
            <Button className="w-full" onClick={() => setUnlockStep('confirm')}>
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
        message={t('viewer.locked.confirm', { price: price ?? '' })}
        onConfirm={handleUnlockConfirmed}
      />
      <InfoDialog
        open={unlockStep === 'unavailable'}
        onOpenChange={(open) => !open && setUnlockStep('idle')}
        title={t('viewer.locked.unlockSoonTitle')}
        content={t('viewer.locked.unlockSoon')}
      />
      <InfoDialog
        open={subscribeOpen}
        onOpenChange={setSubscribeOpen}
        title={t('viewer.locked.subscribeSoonTitle', { name: group.name })}
        content={[...group.subscriptionBenefits.benefits_list, t('viewer.locked.subscribeSoon')]}
      />
    </div>
  );
}
