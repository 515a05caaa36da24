import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type LanguageCode } from '../../i18n/index.ts';
import { inputClass } from '../../ui/Field.tsx';
import { useLanguageChoice } from './use-language-choice.ts';

/** The app's language, each named in itself ("Deutsch"); the texts load before it switches. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const { language, status, choose } = useLanguageChoice();
  return (
    <div className="flex flex-col gap-1" aria-busy={status === 'switching'}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {t('settings.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void choose(event.target.value as LanguageCode)}
        aria-describedby={status === 'failed' ? `${id}-failed` : undefined}
        className={inputClass}
      >
        {SUPPORTED_LANGUAGES.map(({ code, label }) => (
          <option key={code} value={code} lang={code}>
            {label}
          </option>
        ))}
      </select>
      {/* Always in the page, so screen readers announce what appears in it. */}
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-600">
        {status === 'switching' && (
          <>
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-neutral-300 border-t-accent"
            />
            {t('settings.language.switching')}
          </>
        )}
      </p>
      {status === 'failed' && (
        <p id={`${id}-failed`} role="alert" className="text-sm text-red-700">
          {t('settings.language.failed')}
        </p>
      )}
    </div>
  );
}
