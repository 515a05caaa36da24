import './recovery-texts.ts';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { routes } from '../../routes.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMe } from './auth.queries.ts';
import { AuthLayout, LegalLinks } from './AuthLayout.tsx';
import { LinkProblem } from './LinkProblem.tsx';
import { useVerifyEmail } from './recovery.queries.ts';

/** Whether the link itself was refused (used, cut short, expired), or something else failed. */
function linkProblemOf(error: unknown): 'invalid' | 'expired' | undefined {
  if (isApiError(error, 'token_expired')) return 'expired';
  if (isApiError(error, 'token_invalid')) return 'invalid';
  if (isApiError(error, 'validation_failed')) return 'invalid';
  return undefined;
}

/**
 * auth.verifyEmail, opened from the mailed link (`?token=`): confirms the address at once, signed
 * in or not. The token is posted once per token: a link is single-use, and StrictMode's second
 * run of the effect (or a re-render) must not spend it twice.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const me = useMe();
  const verify = useVerifyEmail();
  const { mutate } = verify;
  const posted = useRef<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const key = `${attempt} ${token}`;
    if (!token || posted.current === key) return;
    posted.current = key;
    mutate(token);
  }, [token, attempt, mutate]);

  const signedIn = Boolean(me.data);
  const signInLink = (next?: string) => (
    <Link to={routes['auth.signIn']({ next })} className={buttonClass('primary', 'w-full')}>
      {t('recovery.verify.signIn')}
    </Link>
  );

  if (verify.isSuccess) {
    const changed = verify.data.purpose === 'email_change';
    return (
      <AuthLayout
        title={t(changed ? 'recovery.verify.changedTitle' : 'recovery.verify.confirmedTitle')}
      >
        <div className="flex flex-col items-center gap-4 text-center">
          <CircleCheck aria-hidden="true" size={36} className="text-emerald-700" />
          <p role="status" className="max-w-sm text-base break-words text-neutral-800">
            {t(changed ? 'recovery.verify.changed' : 'recovery.verify.confirmed', {
              email: verify.data.email,
            })}
          </p>
          <div className="flex w-full flex-col gap-3">
            {signedIn ? (
              <Link to={routes['auth.home']()} className={buttonClass('primary')}>
                {t('recovery.verify.continue')}
              </Link>
            ) : (
              signInLink()
            )}
          </div>
        </div>
        <LegalLinks />
      </AuthLayout>
    );
  }

  const problem = token ? linkProblemOf(verify.error) : 'invalid';
  if (problem) {
    return (
      <AuthLayout title={t('recovery.link.invalidTitle')}>
        <LinkProblem
          message={`${t(problem === 'expired' ? 'recovery.verify.expired' : 'recovery.link.invalid')} ${t(
            signedIn ? 'recovery.verify.newLinkSignedIn' : 'recovery.verify.newLinkSignedOut',
          )}`}
        >
          {signedIn ? (
            <Link to={routes['user.own.settings.security']()} className={buttonClass('primary')}>
              {t('recovery.verify.toSecurity')}
            </Link>
          ) : (
            // Signed in, the security settings send a new link.
            signInLink(routes['user.own.settings.security']())
          )}
        </LinkProblem>
        <LegalLinks />
      </AuthLayout>
    );
  }

  if (verify.isError) {
    // Not the link: too many tries or the network, which a retry may get past, or the new
    // address taken by another account meanwhile, which it will not.
    const retryable = !isApiError(verify.error, 'email_taken');
    return (
      <AuthLayout title={t('recovery.verify.title')}>
        <div className="flex flex-col items-center gap-4 text-center">
          <div role="alert" className="flex max-w-sm flex-col gap-1">
            <p className="font-medium text-neutral-900">{t('recovery.verify.failed')}</p>
            <p className="text-sm text-neutral-700">{errorMessage(t, verify.error)}</p>
          </div>
          {retryable ? (
            <Button className="w-full" onClick={() => setAttempt((count) => count + 1)}>
              {t('common.retry')}
            </Button>
          ) : signedIn ? (
            <Link
              to={routes['user.own.settings.security']()}
              className={buttonClass('primary', 'w-full')}
            >
              {t('recovery.verify.toSecurity')}
            </Link>
          ) : (
            signInLink()
          )}
        </div>
        <LegalLinks />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('recovery.verify.title')}>
      <div className="flex justify-center py-6">
        <Spinner label={t('recovery.verify.checking')} />
      </div>
      <LegalLinks />
    </AuthLayout>
  );
}
