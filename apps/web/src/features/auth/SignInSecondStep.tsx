import './second-factor-texts.ts';
import type { CurrentUser, TwoFactorMethod } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { call, isApiError } from '../../lib/api.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { SecondFactorForm } from '../second-factor/index.ts';

interface SignInSecondStepProps {
  methods: readonly TwoFactorMethod[];
  /** Signed in: the caller finishes as after a password-only sign-in. */
  onSignedIn: (user: CurrentUser) => void;
  /** The pending sign-in ran out (time or tries): back to the password. */
  onExpired: () => void;
  onBack: () => void;
}

/**
 * The sign-in's second step (POST /api/auth/login/second-factor), after the password answered
 * two_factor_required: the server holds the half-done sign-in in a short-lived cookie.
 */
export function SignInSecondStep({
  methods,
  onSignedIn,
  onExpired,
  onBack,
}: SignInSecondStepProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sign-in-second-step" className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="sign-in-second-step" className="text-lg font-semibold text-neutral-900">
          {t('secondFactor.signIn.title')}
        </h2>
        <p className="text-sm text-neutral-700">{t('secondFactor.signIn.intro')}</p>
      </div>
      <SecondFactorForm
        methods={methods}
        onSubmit={async (factor) => onSignedIn(await call('loginSecondFactor', { body: factor }))}
        passkeyOptions={() => call('loginSecondFactorOptions')}
        onRefused={(error) => {
          if (!isApiError(error, 'sign_in_expired')) return false;
          onExpired();
          return true;
        }}
      />
      <button
        type="button"
        onClick={onBack}
        className={cn(
          'inline-flex min-h-11 items-center self-center rounded px-1 text-sm font-semibold text-neutral-700 underline-offset-2 hover:underline',
          focusRing,
        )}
      >
        {t('secondFactor.signIn.back')}
      </button>
    </section>
  );
}
