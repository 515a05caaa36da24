import './legal-texts.ts';
import { TERMS_VERSION } from '@glimpse/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/dates.ts';
import { routes } from '../../routes.ts';
import { focusRing } from '../../ui/Button.tsx';
import { cn } from '../../ui/cn.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

export type LegalDocument = 'terms' | 'privacy';

interface LegalSection {
  title: string;
  paragraphs: string[];
}

const linkClass = cn(
  'rounded font-semibold text-accent-strong underline underline-offset-2',
  focusRing,
);

/**
 * /terms and /privacy: the text people agree to at sign-up, readable signed in or not. Both
 * carry the version a sign-up records (TERMS_VERSION, a date), a list of their sections, the
 * way to reach us, and a link to the other one.
 */
export function LegalScreen({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const sections = t(`legal.${document}.sections`, { returnObjects: true }) as LegalSection[];
  const date = formatDate(`${TERMS_VERSION}T12:00:00Z`, { dateStyle: 'long' });
  const other: LegalDocument = document === 'terms' ? 'privacy' : 'terms';
  const sectionId = (index: number) => `${document}-${index + 1}`;
  return (
    <div className="flex flex-1 flex-col lg:mx-auto lg:w-full lg:max-w-3xl">
      <PageHeader title={t(`legal.${document}.title`)} fallback={routes['auth.home']()} />
      <main id="main" className="flex flex-col gap-6 px-5 py-6 text-base text-neutral-800">
        <div className="flex flex-col gap-2">
          <p className="text-sm text-neutral-600">{t('legal.version', { date })}</p>
          <p>{t(`legal.${document}.intro`)}</p>
        </div>
        <nav aria-label={t('legal.contents')} className="rounded-2xl bg-neutral-100 p-4">
          <h2 className="mb-2 text-sm font-semibold text-neutral-900">{t('legal.contents')}</h2>
          <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
            {sections.map((section, index) => (
              <li key={section.title}>
                <a href={`#${sectionId(index)}`} className={linkClass}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section
            key={section.title}
            aria-labelledby={sectionId(index)}
            className="flex flex-col gap-2"
          >
            <h2
              id={sectionId(index)}
              className="scroll-mt-16 text-lg font-semibold text-neutral-900"
            >
              {`${index + 1}. ${section.title}`}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
        <section aria-labelledby={`${document}-contact`} className="flex flex-col gap-2">
          <h2 id={`${document}-contact`} className="text-lg font-semibold text-neutral-900">
            {t('legal.contactTitle')}
          </h2>
          <p className="leading-relaxed">{t('legal.contactBody')}</p>
        </section>
        <p className="text-sm text-neutral-600">{t('legal.updated', { date })}</p>
        <p>
          <Link to={routes[`legal.${other}`]()} className={linkClass}>
            {t(other === 'terms' ? 'legal.readTerms' : 'legal.readPrivacy')}
          </Link>
        </p>
      </main>
    </div>
  );
}

export function TermsScreen() {
  return <LegalScreen document="terms" />;
}

export function PrivacyScreen() {
  return <LegalScreen document="privacy" />;
}
