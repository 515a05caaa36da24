import { healthResponse } from '../schemas/health.ts';
import { defineEndpoint } from './define.ts';
import { endpointRoutes as r } from './routes.ts';

/** Public and cheap: load balancers poll it every few seconds (docs/health-and-faults.md). */
export const healthEndpoints = {
  health: defineEndpoint(r.health, {
    response: healthResponse,
    errors: ['service_unavailable'],
  }),
};
