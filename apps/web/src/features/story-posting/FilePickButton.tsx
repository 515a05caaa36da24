import { STORY_UPLOAD_MAX_BYTES } from '@glimpse/contract';
import { ImagePlus } from 'lucide-react';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../ui/snackbar.ts';
import { isVideoFile, readMediaInfo, type NewCapture } from './capture.ts';
// The posting texts join the translations with story-editing (its posting-texts.ts).
import '../story-editing/index.ts';

interface FilePickButtonProps {
  onPicked: (capture: NewCapture) => void;
  disabled?: boolean;
}

/** Picks an image or a video from the device instead of the camera (straight to step 1). */
export function FilePickButton({ onPicked, disabled = false }: FilePickButtonProps) {
  const { t } = useTranslation();
  const { notify } = useSnackbar();
  const inputId = useId();

  async function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset so picking the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/') && !isVideoFile(file)) {
      notify.error(t('errors.unsupported_file'));
      return;
    }
    if (file.size > STORY_UPLOAD_MAX_BYTES) {
      notify.error(t('errors.file_too_large'));
      return;
    }
    const info = await readMediaInfo(file);
    onPicked({ file, ...info, frontCamera: false });
  }

  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept="image/*,video/*"
        onChange={(event) => void handleFileChange(event)}
        disabled={disabled}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        title={t('posting.record.pickFile')}
        className="inline-flex size-14 cursor-pointer flex-col items-center justify-center rounded-xl bg-white/15 text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-white peer-disabled:opacity-40 hover:bg-white/25"
      >
        <ImagePlus aria-hidden="true" size={24} />
        <span className="sr-only">{t('posting.record.pickFile')}</span>
      </label>
    </div>
  );
}
