import '../two-factor-texts.ts';
import { ShieldAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../../routes.ts';
import { buttonClass } from '../../../ui/Button.tsx';

/** The wallet's ask to turn on two-factor, with the way to the security settings. */
export function TwoFactorBannerCard() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <ShieldAlert aria-hidden="true" size={28} className="shrink-0 text-amber-900" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={headingId} className="font-semibold text-amber-900">
          {t('twoFactor.banner.title')}
        </h2>
        <p className="text-sm text-amber-900">{t('twoFactor.banner.body')}</p>
      </div>
      <Link
        to={routes['user.own.settings.security']()}
        className={buttonClass('primary', 'shrink-0 self-start sm:self-center')}
      >
        {t('twoFactor.banner.action')}
      </Link>
    </section>
  );
}
