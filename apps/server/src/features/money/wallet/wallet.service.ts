import { WALLET_RECENT_TRANSACTIONS, type Wallet } from '@glimpse/contract';
import type { Config } from '../../../platform/config/config.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import { presentWallet } from './wallet.presenter.ts';
import * as repo from './wallet.repository.ts';

type WalletContext = { db: DbOrTx; config: Pick<Config, 'currency'> };

/** GET /api/wallet: balance, currency and the latest transactions, newest first. */
export async function getWallet(ctx: WalletContext, userId: number): Promise<Wallet> {
  const balanceCents = await repo.walletBalance(ctx.db, userId, ctx.config.currency);
  const earnings = await repo.earningsBalances(ctx.db, userId, ctx.config.currency);
  const lines = await repo.recentWalletLines(
    ctx.db,
    userId,
    ctx.config.currency,
    WALLET_RECENT_TRANSACTIONS,
  );
  return presentWallet(balanceCents, ctx.config.currency, earnings, lines);
}
