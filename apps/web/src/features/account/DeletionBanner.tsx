import './account-deletion-texts.ts';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormErrorHint.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useMe } from '../auth/index.ts';
import { useKeepAccount } from './account-deletion.queries.ts';

/**
 * When the account will be erased, with Keep my account; once kept, it says so. Its heading is
 * an h2 on a screen, an h3 inside the security screen's card.
 */
export function DeletionBanner({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation();
  const me = useMe().data;
  const keep = useKeepAccount();
  const headingId = useId();
  if (!me) return null;
  if (!me.deletion_scheduled_for) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-xl bg-green-50 px-3 py-2 text-sm text-green-900"
      >
        <CircleCheck aria-hidden="true" size={18} className="shrink-0" />
        {t('accountDeletion.banner.kept')}
      </p>
    );
  }
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(me.deletion_scheduled_for),
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex gap-3 rounded-xl bg-red-50 px-3 py-3 text-sm text-red-900"
    >
      <TriangleAlert aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Heading id={headingId} className="font-semibold">
          {t('accountDeletion.banner.title', { date })}
        </Heading>
        <p>{t('accountDeletion.banner.body')}</p>
        <FormAlert message={keep.isError ? errorMessage(t, keep.error) : undefined} />
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => keep.mutate()}
          disabled={keep.isPending}
          aria-busy={keep.isPending}
        >
          {keep.isPending ? t('accountDeletion.banner.keeping') : t('accountDeletion.banner.keep')}
        </Button>
      </div>
    </section>
  );
}
