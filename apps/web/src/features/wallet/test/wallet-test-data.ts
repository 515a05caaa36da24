import {
  EARNING_SOURCES,
  type EarningsBreakdown,
  type PayoutMethodAnswer,
  type WalletHistoryLine,
  type WalletHistoryPage,
} from '@glimpse/contract';

/** Tests only: answers of the wallet's history and earnings endpoints. */

export const emptyHistory: WalletHistoryPage = { data: [], next_cursor: null };

export function historyLine(
  fields: Partial<WalletHistoryLine> & { id: number },
): WalletHistoryLine {
  return {
    kind: 'top_up',
    direction: 'in',
    account: 'wallet',
    amount: 10,
    status: 'completed',
    created_at: '2025-03-01T10:00:00.000Z',
    available_at: null,
    gross: null,
    fee: null,
    story_id: null,
    counterparty: null,
    ...fields,
  };
}

export function earningsBreakdown(fields: Partial<EarningsBreakdown> = {}): EarningsBreakdown {
  return {
    currency: 'USD',
    sources: EARNING_SOURCES.map((kind) => ({ kind, count: 0, gross: 0, fees: 0, net: 0 })),
    totals: { gross: 0, fees: 0, net: 0, reversed: 0 },
    stages: { pending: 0, withdrawable: 0, in_flight: 0, paid_out: 0 },
    next_release_at: null,
    hold_days: 7,
    ...fields,
  };
}

/** A creator's bank account as GET /api/wallet/payout-method answers it (the sandbox). */
export const bankAccountAnswer: PayoutMethodAnswer = {
  accepts: 'bank_account',
  method: {
    kind: 'bank_account',
    holder_name: 'Erika Mustermann',
    iban_masked: 'DE89 •••• •••• •••• •••• 00',
    bic: 'COBADEFFXXX',
    updated_at: '2025-03-01T10:00:00.000Z',
  },
};

/** The handlers every wallet screen test needs beside its own. */
export const walletListHandlers = {
  'GET /api/wallet/payout-method': { body: bankAccountAnswer },
  'GET /api/wallet/history': { body: emptyHistory },
  'GET /api/wallet/earnings': { body: earningsBreakdown() },
  'GET /api/tips/requests': { body: [] },
  'GET /api/wallet/payouts': { body: [] },
};
