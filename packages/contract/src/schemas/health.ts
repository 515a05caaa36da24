import { z } from 'zod';

/** A dependency answered its probe in time, did not, or this deployment has none (no Redis). */
export const dependencyStateSchema = z.enum(['up', 'down', 'not_configured']);

const probe = {
  state: dependencyStateSchema,
  /** How long the probe took, or the bound it hit (milliseconds). */
  ms: z.number().int().nonnegative(),
};

/**
 * GET /api/health: what a load balancer polls. 200 when every configured dependency answers,
 * 503 (`err_key: service_unavailable`, the same fields) when one does not. Names kinds and
 * states only: no addresses, connection strings or error texts.
 */
export const healthResponse = z.object({
  status: z.enum(['ok', 'down']),
  checks: z.object({
    database: z.object({ ...probe, kind: z.enum(['postgres', 'pglite']) }),
    redis: z.object(probe),
    storage: z.object({ ...probe, kind: z.enum(['local', 's3']) }),
    /** pg-boss's jobs waiting to run and jobs that failed for good (counts, when it answers). */
    queue: z.object({
      ...probe,
      queued: z.number().int().nonnegative().optional(),
      failed: z.number().int().nonnegative().optional(),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;
export type DependencyState = z.infer<typeof dependencyStateSchema>;
