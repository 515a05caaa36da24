import { useTranslation } from 'react-i18next';
import { useHideBottomNav } from '../../ui/bottom-nav-visibility.ts';
import { CameraPostingDialog } from './CameraPostingDialog.tsx';
import type { PostingStep } from './posting-step.ts';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

interface StoryPostingFlowProps {
  step: Exclude<PostingStep, -1>;
  onStepChange: (step: PostingStep) => void;
}

/** The full-screen "new story" flow: camera or file (0), result (1), before-posting form (2). */
export function StoryPostingFlow({ step, onStepChange }: StoryPostingFlowProps) {
  const { t } = useTranslation();
  useHideBottomNav(true);
  return (
    <CameraPostingDialog
      title={t('posting.title')}
      step={step}
      onStepChange={onStepChange}
      overlayClassName="fixed inset-0 z-40 bg-black/80"
      contentClassName="fixed inset-0 z-50 mx-auto flex w-full max-w-[480px] flex-col bg-black focus-visible:outline-none"
    />
  );
}
