import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../ui/lazy-dialog.tsx';
import { Button } from '../../ui/Button.tsx';
import type { PostingStep } from './posting-step.ts';

// The camera flow is fetched the first time someone starts a story.
const StoryPostingFlow = lazyPart(() =>
  import('./StoryPostingFlow.tsx').then((m) => m.StoryPostingFlow),
);

interface NewStoryButtonProps {
  variant?: 'primary' | 'secondary';
  className?: string;
  /** Classes for the text, e.g. to keep it for screen readers only in a narrow navigation rail. */
  labelClassName?: string;
}

/** "New story" (+): opens the camera flow at step 0; the flow closes itself by going to -1. */
export function NewStoryButton({
  variant = 'primary',
  className,
  labelClassName,
}: NewStoryButtonProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<PostingStep>(-1);
  return (
    <>
      <Button variant={variant} className={className} onClick={() => setStep(0)}>
        <Plus aria-hidden="true" size={18} />
        <span className={labelClassName}>{t('posting.newStory')}</span>
      </Button>
      {step !== -1 && <StoryPostingFlow step={step} onStepChange={setStep} />}
    </>
  );
}
