import './two-factor-texts.ts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCurrentUser } from '../auth/index.ts';
import { AccountSection } from './AccountSection.tsx';
import { useSecondFactorGate } from './second-factor/use-second-factor-gate.tsx';
import { RecoveryCodesPanel } from './two-factor/RecoveryCodesPanel.tsx';
import { TwoFactorSettings } from './two-factor/TwoFactorSettings.tsx';
import { useTwoFactor } from './two-factor.queries.ts';

/**
 * Two-factor authentication on the security screen: off, it says what it is for and how to
 * start; on, the authenticator app, the passkeys and the recovery codes, each to change. New
 * recovery codes show above it all, once, until the person says they saved them.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const state = useTwoFactor();
  const { withSecondFactor, secondFactorDialog } = useSecondFactorGate();
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // After a dialog closed (it gives the focus back first), so the heading keeps it.
  const focusHeading = () => setTimeout(() => headingRef.current?.focus(), 0);

  let body;
  if (state.isPending) {
    body = <Spinner className="self-start" />;
  } else if (state.isError) {
    body = (
      <ErrorState
        inline
        title={t('twoFactor.loadFailed')}
        onRetry={() => void state.refetch()}
        busy={state.isFetching}
      />
    );
  } else {
    body = (
      <TwoFactorSettings
        state={state.data}
        withSecondFactor={withSecondFactor}
        onNewCodes={setNewCodes}
        onFocusLost={focusHeading}
      />
    );
  }

  return (
    <AccountSection heading={t('twoFactor.heading')} headingRef={headingRef}>
      {newCodes && (
        <RecoveryCodesPanel
          codes={newCodes}
          email={me.email}
          onDone={() => {
            setNewCodes(null);
            focusHeading();
          }}
        />
      )}
      {body}
      {secondFactorDialog}
    </AccountSection>
  );
}
