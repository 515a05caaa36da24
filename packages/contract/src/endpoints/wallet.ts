import { walletSchema } from '../schemas/wallet.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

export const walletEndpoints = {
  wallet: defineEndpoint(r.wallet, { response: walletSchema }),
};
