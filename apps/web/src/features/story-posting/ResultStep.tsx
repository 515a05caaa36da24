import { ArrowRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from '../../ui/Button.tsx';
import type { Capture } from './capture.ts';
import { CapturePreview } from './CapturePreview.tsx';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

interface ResultStepProps {
  capture: Capture;
  /** Closing the result goes back to the camera (step 0). */
  onCloseResult: () => void;
  onNext: () => void;
}

/** Step 1: look at the photo or video before describing and posting it. */
export function ResultStep({ capture, onCloseResult, onNext }: ResultStepProps) {
  const { t } = useTranslation();
  return (
    <div className="media-surface relative flex flex-1 flex-col bg-black text-white">
      <CapturePreview capture={capture} variant="full" className="absolute inset-0 size-full" />
      <div className="relative z-10 flex items-center p-2">
        <IconButton
          label={t('posting.result.close')}
          onClick={onCloseResult}
          className="text-white hover:bg-white/15"
        >
          <X aria-hidden="true" size={24} />
        </IconButton>
      </div>
      <div className="relative z-10 mt-auto flex justify-end p-6 pb-10">
        <Button onClick={onNext}>
          {t('posting.result.next')}
          <ArrowRight aria-hidden="true" size={18} />
        </Button>
      </div>
    </div>
  );
}
