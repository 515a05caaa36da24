import './appeals-texts.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

/**
 * Shown on sign-in once it answered `account_suspended`: the way to the account's standing and
 * its appeals (with the refusal's standing token), or to the appeal form that asks for the
 * password again (a refusal without one, e.g. a passkey's).
 */
export function SuspendedAppealLink({
  email,
  standingToken,
}: {
  email: string;
  standingToken?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <p className="text-center text-sm">
      <Link
        to="/appeal"
        state={{ email, standingToken }}
        className={cn(
          'inline-flex min-h-11 items-center rounded px-2 font-semibold text-accent-strong underline-offset-2 hover:underline',
          focusRing,
        )}
      >
        {t(standingToken ? 'appeals.suspension.standingLink' : 'appeals.suspension.link')}
      </Link>
    </p>
  );
}
