import {
  earningsBreakdownSchema,
  walletHistoryPageSchema,
  walletHistoryQuery,
  walletSchema,
} from '../schemas/wallet.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const walletEndpoints = {
  wallet: defineEndpoint(r.wallet, { response: walletSchema }),
  /** Every movement of the reader's wallet and earnings, newest first, paged by cursor. */
  walletHistory: defineEndpoint(r.walletHistory, {
    query: walletHistoryQuery,
    response: walletHistoryPageSchema,
  }),
  /** A creator's earnings by source (purchases, tips, ...), fees, and pending vs available. */
  earnings: defineEndpoint(r.earnings, { response: earningsBreakdownSchema }),
};
