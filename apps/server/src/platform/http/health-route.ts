import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints, type DependencyState, type HealthResponse } from '@glimpse/contract';
import type { AppContext } from '../context.ts';
import type { FeatureRoutes } from './app.ts';
import { routeOf } from './route-of.ts';

/** A probe that has not answered by then reads as down: a hung service must not hang the poll. */
export const HEALTH_PROBE_TIMEOUT_MS = 1_500;

export interface HealthProbes {
  /** Answers PING; undefined when this deployment runs without Redis. */
  redis?: { ping(): Promise<unknown> } | undefined;
}

interface ProbeResult<T> {
  state: DependencyState;
  ms: number;
  value?: T;
}

/** Where the prober says a dependency changed state; the answer itself says no more than that. */
interface StateLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Runs probes with a bound, one at a time per dependency: while a probe of a hung service is
 * still pending, the next poll waits on that same probe instead of starting another, so a load
 * balancer polling every second cannot pile up connections on it. A dependency going down is
 * logged with its error (and coming back, once), which the public answer leaves out.
 */
class Prober {
  private readonly pending = new Map<string, Promise<unknown>>();
  private readonly lastState = new Map<string, DependencyState>();

  constructor(private readonly log: StateLog) {}

  async run<T>(name: string, probe: () => Promise<T>): Promise<ProbeResult<T>> {
    const started = performance.now();
    let running = this.pending.get(name) as Promise<T> | undefined;
    if (!running) {
      running = probe();
      this.pending.set(name, running);
      const forget = () => this.pending.delete(name);
      running.then(forget, forget);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), HEALTH_PROBE_TIMEOUT_MS);
    });
    try {
      const outcome = await Promise.race([running.then((value) => ({ value })), timeout]);
      const ms = Math.round(performance.now() - started);
      if (outcome === 'timeout') {
        this.changed(name, 'down', { ms, timeoutMs: HEALTH_PROBE_TIMEOUT_MS });
        return { state: 'down', ms };
      }
      this.changed(name, 'up', { ms });
      return { state: 'up', ms, ...outcome };
    } catch (error) {
      const ms = Math.round(performance.now() - started);
      this.changed(name, 'down', { ms, err: error });
      return { state: 'down', ms };
    } finally {
      clearTimeout(timer);
    }
  }

  private changed(name: string, state: DependencyState, details: object): void {
    const before = this.lastState.get(name);
    if (before === state) return;
    this.lastState.set(name, state);
    if (state === 'down')
      this.log.warn({ dependency: name, ...details }, 'health: dependency down');
    else if (before === 'down')
      this.log.info({ dependency: name, ...details }, 'health: dependency up again');
  }
}

/** pg-boss keeps per-queue counts in its queue table (one row per queue): cheap to sum. */
const QUEUE_COUNTS = `select coalesce(sum(queued_count), 0)::int as queued,
  coalesce(sum(failed_count), 0)::int as failed from pgboss.queue`;

/**
 * GET /api/health: each dependency's state, 200 when all configured ones answer and 503 when
 * one does not. No session, no rate limit, no details beyond kind and state.
 */
export function healthRoutes(ctx: AppContext, probes: HealthProbes): FeatureRoutes {
  const prober = new Prober(ctx.log);
  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.route({
      ...routeOf(endpoints.health),
      handler: async (_request, reply) => {
        const [database, redis, storage, queue] = await Promise.all([
          prober.run('database', () => ctx.database.executeSql('select 1')),
          probes.redis
            ? prober.run('redis', () => probes.redis!.ping())
            : Promise.resolve<ProbeResult<unknown>>({ state: 'not_configured', ms: 0 }),
          prober.run('storage', () => ctx.blobs.check()),
          prober.run('queue', async () => {
            const { rows } = await ctx.database.executeSql<{ queued: number; failed: number }>(
              QUEUE_COUNTS,
            );
            return rows[0];
          }),
        ]);
        const counts = queue.value;
        const checks: HealthResponse['checks'] = {
          database: { state: database.state, ms: database.ms, kind: ctx.database.kind },
          redis: { state: redis.state, ms: redis.ms },
          storage: { state: storage.state, ms: storage.ms, kind: ctx.blobs.kind },
          queue: {
            state: queue.state,
            ms: queue.ms,
            ...(counts ? { queued: counts.queued, failed: counts.failed } : {}),
          },
        };
        const down = Object.values(checks).some((check) => check.state === 'down');
        // Never cached: a poll must see the state of now.
        reply.header('cache-control', 'no-store');
        if (!down) return { status: 'ok' as const, checks };
        // The contract types the 200 answer; the 503 carries the catalogue's err_key beside it.
        const untyped = reply as FastifyReply;
        return untyped.status(503).send({ err_key: 'service_unavailable', status: 'down', checks });
      },
    });
  };
  return plugin as FeatureRoutes;
}
