import './unsubscribe-texts.ts';
import { CircleCheck, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { topicOf, useUnsubscribeEmail } from './unsubscribe.queries.ts';

/** The frame: the logo, the heading, the message, at reading width on a phone and a desktop. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 flex-col gap-6 px-5 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-4xl font-extrabold tracking-tight text-accent-strong">Glimpse</p>
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
      </div>
      <div className="flex flex-col items-center gap-4 text-center">{children}</div>
    </main>
  );
}

/**
 * notifications.unsubscribe, opened from the link in a notification mail's footer
 * (`?token=`), signed in or not. It asks first and posts on the button: mail scanners open links
 * to check them, and must not unsubscribe anyone (mail clients use the List-Unsubscribe POST).
 */
export function UnsubscribeScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const topic = topicOf(token);
  const unsubscribe = useUnsubscribeEmail();
  const what = (type: string) => t(`unsubscribe.types.${type}`, { defaultValue: type });
  const settingsLink = (
    <Link
      to={routes['user.own.settings.notifications']()}
      className={buttonClass('secondary', 'w-full max-w-sm')}
    >
      {t('unsubscribe.settings')}
    </Link>
  );

  const refused =
    isApiError(unsubscribe.error, 'token_invalid') ||
    isApiError(unsubscribe.error, 'validation_failed');
  if (!topic || refused) {
    return (
      <Frame title={t('unsubscribe.invalidTitle')}>
        <MailX aria-hidden="true" size={32} className="text-neutral-500" />
        <p role="alert" className="max-w-sm text-base text-neutral-800">
          {t('unsubscribe.invalid')}
        </p>
        {settingsLink}
      </Frame>
    );
  }

  if (unsubscribe.isSuccess) {
    const done = unsubscribe.data.type;
    return (
      <Frame title={t('unsubscribe.doneTitle')}>
        <CircleCheck aria-hidden="true" size={36} className="text-emerald-700" />
        <p role="status" className="max-w-sm text-base text-neutral-800">
          {done === 'digest'
            ? t('unsubscribe.doneDigest')
            : t('unsubscribe.done', { what: what(done) })}
        </p>
        {settingsLink}
      </Frame>
    );
  }

  return (
    <Frame title={t('unsubscribe.title')}>
      <p className="max-w-sm text-base font-medium text-neutral-900">
        {topic === 'digest'
          ? t('unsubscribe.askDigest')
          : t('unsubscribe.ask', { what: what(topic) })}
      </p>
      <p className="max-w-sm text-sm text-neutral-700">{t('unsubscribe.hint')}</p>
      {unsubscribe.isError ? (
        <div role="alert" className="flex max-w-sm flex-col gap-1">
          <p className="font-medium text-neutral-900">{t('unsubscribe.failed')}</p>
          <p className="text-sm text-neutral-700">{errorMessage(t, unsubscribe.error)}</p>
        </div>
      ) : null}
      <Button
        className="w-full max-w-sm"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        {unsubscribe.isPending ? t('unsubscribe.working') : t('unsubscribe.confirm')}
      </Button>
    </Frame>
  );
}
