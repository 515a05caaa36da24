import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Role } from './platform/config/config.ts';
import { createServer } from './server.ts';
import { seedDemoIfEmpty, startDemoLive } from './features/demo/index.ts';

function roleFromArgs(): Role | undefined {
  const arg = process.argv.find((a) => a.startsWith('--role='));
  return arg ? (arg.slice('--role='.length) as Role) : undefined;
}

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const role = roleFromArgs();
  const config = loadConfig(process.env, {
    webDistDir: process.env.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist'),
    ...(role ? { role } : {}),
  });
  // REDIS_KEY_PREFIX: two deployments sharing one Redis (a local cluster next to a dev server).
  const server = await createServer(config, {
    redisKeyPrefix: process.env.REDIS_KEY_PREFIX || undefined,
  });
  const { app, ctx } = server;

  const demo =
    config.role !== 'worker' && config.demoSeed !== false ? await seedDemoIfEmpty(ctx) : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  if (config.role === 'worker') {
    app.log.info('worker running: processing background jobs');
    return;
  }
  await app.listen({ port: config.port, host: config.host });
  const database = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${path.join(config.dataDir, 'db')}`;
  process.stdout.write(
    `\nGlimpse is running: open ${config.publicUrl}\n  database: ${database}\n\n`,
  );
  // The demo creator's generated live stream (DEMO_LIVE=false: none).
  if (config.demoSeed !== false && config.demoLive)
    startDemoLive(ctx).catch((error: unknown) =>
      app.log.error({ err: error }, 'demo live stream could not start'),
    );
  demo
    ?.seedStories()
    .catch((error: unknown) => app.log.error({ err: error }, 'demo stories could not be seeded'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  process.exit(1);
});
