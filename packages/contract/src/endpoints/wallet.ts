import {
  payoutMethodResponse,
  setPayoutMethodBody,
  payoutMethodSchema,
} from '../schemas/payments.ts';
import { redirectResponse } from '../schemas/payments.ts';
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
  /** Where payouts go (issue 27): null until the creator says. */
  payoutMethod: defineEndpoint(r.payoutMethod, { response: payoutMethodResponse }),
  /** A bank account, with the sandbox provider; needs a recent second factor when one is set. */
  setPayoutMethod: defineEndpoint(r.setPayoutMethod, {
    body: setPayoutMethodBody,
    response: payoutMethodSchema,
    errors: [
      'iban_invalid',
      'bic_invalid',
      'payout_method_not_supported',
      'second_factor_required',
      'email_not_verified',
    ],
  }),
  /** With Stripe: the Connect onboarding page to send the creator to. */
  payoutConnectLink: defineEndpoint(r.payoutConnectLink, {
    response: redirectResponse,
    errors: ['payout_method_not_supported', 'second_factor_required', 'email_not_verified'],
  }),
};
