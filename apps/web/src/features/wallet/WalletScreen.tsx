import './wallet-texts.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatMoney } from '../../lib/money.ts';
import { routes } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { TwoFactorBanner } from '../account/index.ts';
import { useCurrentUser } from '../auth/index.ts';
import { useWallet } from '../money/index.ts';
import { EarningsSection } from './EarningsSection.tsx';
import { TipRequestsSection } from './TipRequestsSection.tsx';
import { TopUpForm } from './TopUpForm.tsx';
import { prefilledAmountOf, returnToOf, topUpOutcomeOf } from './top-up-params.ts';
import { TopUpReturnBanner } from './TopUpReturnBanner.tsx';
import { TransactionHistory } from './TransactionHistory.tsx';

/**
 * user.own.profile.wallet: balance and top-up, tip requests waiting, earnings and payouts for
 * creators, and the recent history. `?top_up=success|fail` is a checkout coming back;
 * `?top_up=<amount>&return_to=` a purchase that sent the person here to add money.
 */
export function WalletScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const wallet = useWallet();
  const outcome = topUpOutcomeOf(searchParams);
  const verified = Boolean(user.verifyOndatoAt);

  return (
    <>
      <PageHeader title={t('wallet.title')} fallback={routes['auth.home']()} />
      <main id="main" className="flex flex-1 flex-col gap-6 px-4 py-4 lg:max-w-2xl lg:px-8">
        {outcome && <TopUpReturnBanner outcome={outcome} />}
        <TwoFactorBanner />
        {wallet.isPending ? (
          <PageSpinner />
        ) : wallet.isError ? (
          // Not ui/ErrorState: that is a page of its own (a <main>), and this one sits in one.
          <EmptyState title={t('common.somethingWentWrong')}>
            <Button className="mt-4" onClick={() => void wallet.refetch()}>
              {t('common.retry')}
            </Button>
          </EmptyState>
        ) : (
          <>
            <section aria-labelledby="wallet-balance" className="flex flex-col gap-4">
              <div>
                <h2 id="wallet-balance" className="text-sm font-medium text-neutral-600">
                  {t('wallet.balance')}
                </h2>
                <p className="text-4xl font-bold tabular-nums">
                  {formatMoney(wallet.data.balance)}
                </p>
              </div>
              <TopUpForm
                prefilled={prefilledAmountOf(searchParams)}
                returnTo={returnToOf(searchParams) ?? routes['user.own.profile.wallet']()}
              />
            </section>
            <TipRequestsSection balance={wallet.data.balance} />
            {(verified || Object.values(wallet.data.earnings).some((value) => value > 0)) && (
              <EarningsSection earnings={wallet.data.earnings} verified={verified} />
            )}
            <TransactionHistory />
          </>
        )}
      </main>
    </>
  );
}
