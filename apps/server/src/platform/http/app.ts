import { registerRequestCountry } from './request-country.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { withDocumentedBodies } from './documented-body.ts';
import { answerRouterError, registerErrorHandler, sendRouteNotFound } from './error-handler.ts';
import { responseSerializer } from './response-serializer.ts';
import { namedPlugin } from './plugin-name.ts';
import { registerSpa } from './spa.ts';
import { registerOriginCheck } from './origin-check.ts';
import { registerSecurityHeaders } from './security-headers.ts';
import { registerUnstorableTextGuard } from './unstorable-text.ts';

export type FeatureRoutes = Parameters<FastifyInstance['register']>[0];

/**
 * The origin media requests are redirected to (MEDIA_REDIRECT_SECONDS on S3): the one the
 * store's presigned URLs name, whatever its addressing style. None while media is streamed.
 */
async function redirectedMediaOrigins(ctx: AppContext): Promise<string[]> {
  if (ctx.config.mediaRedirectSeconds <= 0) return [];
  const url = await ctx.blobs.presignedGetUrl('origin-probe', 1);
  return url ? [new URL(url).origin] : [];
}

/**
 * The HTTP application: platform plugins first (errors, security, cookies, OpenAPI), then the
 * feature route plugins, then the built web app with its SPA fallback.
 */
export async function buildHttpApp(
  ctx: AppContext,
  features: FeatureRoutes[],
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    // Two lines per request cost a busy server more than its queries (issue 8): access logging
    // is opt-in (ACCESS_LOG); errors are logged by the error handler regardless.
    logController: new LogController({ disableRequestLogging: !ctx.config.accessLog }),
    // request.ip is the client address everything reads (rate limits, sessions, geo-blocking):
    // the socket's, or from X-Forwarded-For only past hops in TRUSTED_PROXIES (proxy-addr: the
    // right-most address not trusted). Never `true`: that would believe any client's header.
    trustProxy: ctx.config.trustedProxies.length > 0 ? ctx.config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // Our own ids: the default parser would accept "1e3" and friends as numbers.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerRouterError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer(ctx.config.checkResponses));
  registerErrorHandler(app);
  registerRequestCountry(app);

  registerSecurityHeaders(app, ctx.config.secureCookies, await redirectedMediaOrigins(ctx));
  await app.register(cookie);
  await app.register(multipart, { limits: { fields: 20, fieldSize: 64 * 1024, parts: 30 } });
  registerOriginCheck(app, ctx.config.publicOrigin);
  registerUnstorableTextGuard(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Glimpse API',
        version: '1.0.0',
        description: 'Generated from @glimpse/contract',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'glimpse_session' } },
      },
    },
    transform: withDocumentedBodies(jsonSchemaTransform),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());

  for (const [index, feature] of features.entries()) {
    const name =
      typeof feature === 'function' && feature.name ? feature.name : `feature-${index + 1}`;
    await app.register(namedPlugin(name, feature));
  }

  const webDist = ctx.config.webDistDir;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) await registerSpa(app, webDist);
  else app.setNotFoundHandler(sendRouteNotFound);
  return app;
}
