import { AVATAR_MAX_BYTES, errorCatalogue, type CurrentUser } from '@glimpse/contract';
import { Camera } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { buttonClass } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useUploadAvatar } from './profile.queries.ts';

/** Uploads the new photo as soon as it is picked; the server answers with the updated user. */
export function AvatarUploader({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const inputId = useId();
  const upload = useUploadAvatar();
  const { notify } = useSnackbar();
  const [error, setError] = useState<string>();

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Reset so picking the same file again after an error still fires a change.
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t(errorCatalogue.file_too_large.message));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notify.success(t('profile.avatarUploaded')),
      onError: (uploadError) => setError(errorMessage(t, uploadError)),
    });
  }

  return (
    <div className="flex items-center gap-4">
      <Avatar
        src={user.avatar_url}
        name={user.name}
        alt={t('profile.avatarAlt', { name: user.name })}
        size="lg"
      />
      <div className="flex flex-col gap-1">
        {/* The visible label is the button; the input stays in the tab order for keyboards. */}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          onChange={handleFileChange}
          disabled={upload.isPending}
          aria-describedby={`${inputId}-hint ${error ? `${inputId}-error` : ''}`.trim()}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonClass('secondary'),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent',
          )}
        >
          {upload.isPending ? <Spinner /> : <Camera aria-hidden="true" size={18} />}
          {upload.isPending ? t('profile.uploading') : t('profile.changeAvatar')}
        </label>
        <p id={`${inputId}-hint`} className="text-xs text-neutral-600">
          {t('profile.avatarHint', { mb: Math.round(AVATAR_MAX_BYTES / 1024 / 1024) })}
        </p>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
