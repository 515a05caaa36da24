import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, type LanguageCode } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { inputClass } from '../../ui/Field.tsx';
import { useMe } from '../auth/index.ts';
import { useAccountLanguage } from './use-account-language.ts';
import { useLanguageChoice } from './use-language-choice.ts';

/**
 * The app's language, each named in itself ("Deutsch"); the texts load before it switches. A
 * signed-in account's mails follow it: the server is told once the screen has switched.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const id = useId();
  const { language, status, choose } = useLanguageChoice();
  const signedIn = Boolean(useMe().data);
  const saveLanguage = useAccountLanguage();

  async function handleChange(code: LanguageCode) {
    saveLanguage.reset();
    if ((await choose(code)) && signedIn) saveLanguage.mutate(code);
  }
  return (
    <div className="flex flex-col gap-1" aria-busy={status === 'switching'}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {t('settings.language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => void handleChange(event.target.value as LanguageCode)}
        aria-describedby={
          status === 'failed'
            ? `${id}-failed`
            : saveLanguage.isError
              ? `${id}-not-saved`
              : undefined
        }
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
      {saveLanguage.isError && (
        <div className="flex flex-wrap items-center gap-3">
          <p id={`${id}-not-saved`} role="alert" className="flex-1 text-sm text-red-700">
            {t('settings.language.notSaved')}
          </p>
          <Button
            variant="secondary"
            className="min-h-10 px-3 text-sm"
            onClick={() => saveLanguage.mutate(language)}
          >
            {t('settings.language.saveAgain')}
          </Button>
        </div>
      )}
    </div>
  );
}
