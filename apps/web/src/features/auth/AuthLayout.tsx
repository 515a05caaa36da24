import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';

/** The frame of the sign-in and sign-up screens: the logo, a heading and the form. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex flex-1 flex-col gap-6 px-5 py-10">
      <div className="flex flex-col items-center gap-2 text-center">
        <p className="text-4xl font-extrabold tracking-tight text-accent-strong">Glimpse</p>
        <h1 className="text-xl font-semibold text-neutral-900">{title}</h1>
      </div>
      {children}
    </main>
  );
}

const footerLink = cn(
  'inline-flex min-h-11 items-center rounded px-2 text-neutral-700 underline-offset-2 hover:underline',
  focusRing,
);

/**
 * The terms of service, privacy policy and copyright notice form, readable before signing in. Links, not a
 * navigation landmark: the screens outside the app keep no navigation but the app's own.
 */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <p className="mt-auto flex flex-wrap justify-center gap-x-2 text-sm">
      <Link to={routes['legal.terms']()} className={footerLink}>
        {t('auth.terms')}
      </Link>
      <Link to={routes['legal.privacy']()} className={footerLink}>
        {t('auth.privacy')}
      </Link>
      <Link to={routes['legal.copyright']()} className={footerLink}>
        {t('auth.copyright')}
      </Link>
    </p>
  );
}
