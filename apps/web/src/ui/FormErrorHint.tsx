import { useTranslation } from 'react-i18next';

/** Spec 5: the "something is missing" hint, shown whenever the form has errors. */
export function FormErrorHint({ show, message }: { show: boolean; message?: string | undefined }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message && <p className="font-medium">{message}</p>}
      <p>{t('common.somethingMissing')}</p>
    </div>
  );
}

/** A server error that belongs to no field (wrong password, rate limit...). */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {message}
    </p>
  );
}
