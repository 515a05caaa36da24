import {
  EARNING_SOURCES,
  fromCents,
  type EarningSource,
  type EarningsBreakdown,
  type WalletHistoryLine,
  type WalletHistoryPage,
  type WalletLineStatus,
} from '@glimpse/contract';
import type { Config } from '../../../platform/config/config.ts';
import type { DbOrTx } from '../../../platform/db/database.ts';
import * as history from './wallet-history.repository.ts';
import { earningsBalances } from './wallet.repository.ts';

type HistoryContext = {
  db: DbOrTx;
  config: Pick<Config, 'currency' | 'earningsHoldDays'>;
};

/** Lines per page of GET /api/wallet/history unless the client asks for fewer or more. */
export const WALLET_HISTORY_PAGE = 30;

const DAY_MS = 86_400_000;

function statusOf(row: history.HistoryRow, direction: WalletHistoryLine['direction']) {
  let status: WalletLineStatus = 'completed';
  if (row.payoutStatus === 'pending') status = 'in_flight';
  else if (row.payoutStatus === 'paid') status = 'paid_out';
  else if (row.payoutStatus === 'failed') status = 'returned';
  else if (row.heldCents > 0) {
    if (row.reversed) status = 'reversed';
    else status = row.released ? 'available' : 'pending';
  } else if (direction === 'out' && (row.reversed || row.revoked)) status = 'reversed';
  return status;
}

/** What one transfer did to the reader's money, in the wire's words (amounts never negative). */
export function presentHistoryLine(row: history.HistoryRow, holdDays: number): WalletHistoryLine {
  const net = row.walletCents + row.earningsCents;
  const direction = net > 0 ? 'in' : net < 0 ? 'out' : 'move';
  // A move between the reader's own balances (a release) is the amount that changed places.
  const cents = direction === 'move' ? row.creditedCents : Math.abs(net);
  const status = statusOf(row, direction);
  const held = row.heldCents > 0;
  return {
    id: row.transferId,
    kind: row.kind,
    direction,
    account: row.walletCents !== 0 ? 'wallet' : 'earnings',
    amount: fromCents(cents),
    status,
    created_at: row.createdAt.toISOString(),
    available_at:
      status === 'pending'
        ? new Date(row.createdAt.getTime() + holdDays * DAY_MS).toISOString()
        : null,
    gross: held ? fromCents(row.heldCents + row.feeCents) : null,
    fee: held ? fromCents(row.feeCents) : null,
    story_id: row.storyId,
    counterparty: row.counterparty,
  };
}

/** GET /api/wallet/history: the reader's ledger movements, newest first, a page at a time. */
export async function getWalletHistory(
  ctx: HistoryContext,
  userId: number,
  query: { cursor?: string | undefined; limit?: number | undefined },
): Promise<WalletHistoryPage> {
  const limit = query.limit ?? WALLET_HISTORY_PAGE;
  const rows = await history.historyRows(ctx.db, userId, ctx.config.currency, {
    before: query.cursor === undefined ? null : Number(query.cursor),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    data: page.map((row) => presentHistoryLine(row, ctx.config.earningsHoldDays)),
    next_cursor: rows.length > limit ? String(page.at(-1)!.transferId) : null,
  };
}

/** GET /api/wallet/earnings: a creator's earnings by source, fees, refunds and stages. */
export async function getEarningsBreakdown(
  ctx: HistoryContext,
  userId: number,
): Promise<EarningsBreakdown> {
  const { currency, earningsHoldDays } = ctx.config;
  const [rows, stages, oldestHeld] = [
    await history.earningsBySource(ctx.db, userId, currency),
    await earningsBalances(ctx.db, userId, currency),
    await history.oldestHeldCreditAt(ctx.db, userId, currency),
  ];
  const bySource = new Map<EarningSource, { count: number; net: number; fees: number }>(
    EARNING_SOURCES.map((kind) => [kind, { count: 0, net: 0, fees: 0 }]),
  );
  let reversedCents = 0;
  for (const row of rows) {
    if (row.reversed) {
      reversedCents += row.netCents;
      continue;
    }
    const source = bySource.get(row.kind as EarningSource);
    if (!source) continue;
    source.count += row.count;
    source.net += row.netCents;
    source.fees += row.feeCents;
  }
  const sources = [...bySource].map(([kind, { count, net, fees }]) => ({
    kind,
    count,
    gross: fromCents(net + fees),
    fees: fromCents(fees),
    net: fromCents(net),
  }));
  const sum = (pick: (source: { net: number; fees: number }) => number) =>
    [...bySource.values()].reduce((total, source) => total + pick(source), 0);
  return {
    currency,
    sources,
    totals: {
      gross: fromCents(sum((source) => source.net + source.fees)),
      fees: fromCents(sum((source) => source.fees)),
      net: fromCents(sum((source) => source.net)),
      reversed: fromCents(reversedCents),
    },
    stages: {
      pending: fromCents(stages.earnings_pending),
      withdrawable: fromCents(stages.earnings_available),
      in_flight: fromCents(stages.payouts_in_flight),
      paid_out: fromCents(stages.paid_out),
    },
    next_release_at: oldestHeld
      ? new Date(oldestHeld.getTime() + earningsHoldDays * DAY_MS).toISOString()
      : null,
    hold_days: earningsHoldDays,
  };
}
