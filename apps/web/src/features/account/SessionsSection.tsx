import type { AccountSession } from '@glimpse/contract';
import { LogOut } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trans } from 'react-i18next/TransWithoutContext';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { lazyDialog } from '../../ui/lazy-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './account.queries.ts';
import { AccountSection } from './AccountSection.tsx';
import { SessionRow } from './SessionRow.tsx';

// Radix's dialog stays out of the screen's chunk until the confirmation is first opened.
const RevokeOthersDialog = lazyDialog(() =>
  import('./RevokeOthersDialog.tsx').then((m) => m.RevokeOthersDialog),
);

/** The devices signed in to the account, this one marked, each other one with Sign out. */
export function SessionsSection() {
  const { t } = useTranslation();
  const { notify, notifyError } = useSnackbar();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  function handleSignOut(session: AccountSession) {
    revoke.mutate(session, {
      onSuccess: () => notify.success(t('account.sessions.signedOut', { device: session.device })),
      onError: (error) =>
        // Ended already (elsewhere, or it expired): what was asked for, said as it is.
        isApiError(error, 'session_not_found')
          ? notify.info(errorMessage(t, error))
          : notifyError(error),
      // Its button went with the row: the focus goes back to the list's heading.
      onSettled: () => headingRef.current?.focus(),
    });
  }

  function handleSignOutOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setConfirming(false);
        notify.success(t('account.sessions.othersSignedOut', { count: revoked }));
        headingRef.current?.focus();
      },
      onError: (error) => {
        setConfirming(false);
        notifyError(error);
      },
    });
  }

  let body;
  if (sessions.isPending) {
    body = <Spinner className="self-start" />;
  } else if (sessions.isError) {
    body = (
      <ErrorState
        inline
        title={t('account.sessions.failed')}
        onRetry={() => void sessions.refetch()}
        busy={sessions.isFetching}
      />
    );
  } else {
    const others = sessions.data.filter((session) => !session.current);
    body = (
      <>
        <ul
          aria-label={t('account.sessions.listLabel')}
          className="divide-y divide-neutral-200 border-y border-neutral-200"
        >
          {sessions.data.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={revoke.isPending && revoke.variables.id === session.id}
              onSignOut={() => handleSignOut(session)}
            />
          ))}
        </ul>
        {sessions.data.some((session) => session.place) && (
          // Places come from IP2Location LITE, whose licence asks for this credit where shown.
          <p className="text-xs text-neutral-600">
            <Trans
              t={t}
              i18nKey="account.sessions.placesCredit"
              components={{
                site: (
                  <a
                    href="https://lite.ip2location.com"
                    target="_blank"
                    rel="noopener noreferrer"
                    className="underline underline-offset-2"
                  />
                ),
              }}
            />
          </p>
        )}
        {others.length === 0 ? (
          <p className="text-sm text-neutral-600">{t('account.sessions.onlyThisDevice')}</p>
        ) : (
          <Button
            variant="danger"
            className="self-start"
            onClick={() => setConfirming(true)}
            onPointerEnter={RevokeOthersDialog.prefetch}
            onFocus={RevokeOthersDialog.prefetch}
          >
            <LogOut aria-hidden="true" size={18} />
            {t('account.sessions.signOutOthers')}
          </Button>
        )}
      </>
    );
  }

  return (
    <AccountSection heading={t('account.sessions.heading')} headingRef={headingRef}>
      <p className="text-sm text-neutral-600">{t('account.sessions.intro')}</p>
      {body}
      <RevokeOthersDialog
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={handleSignOutOthers}
        busy={revokeOthers.isPending}
      />
    </AccountSection>
  );
}
