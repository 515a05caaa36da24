import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors/app-error.ts';
import {
  RETRY_AFTER_SECONDS,
  unavailableDependency,
  type Dependency,
} from '../errors/dependency-error.ts';
import { isMalformedMultipart } from './malformed-multipart.ts';

/** What fastify-type-provider-zod reports per zod issue. */
interface ZodIssueLike {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: { keys?: string[] };
}

/** Zod issues as `{ field: [message] }`, the field-error shape the web client shows (spec 8). */
function fieldErrors(issues: ZodIssueLike[]): Record<string, string[]> {
  // No prototype: a field named `constructor` or `__proto__` must not find Object's own.
  const errors: Record<string, string[]> = Object.create(null);
  const add = (field: string, message: string) => (errors[field || '_'] ??= []).push(message);
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys') {
      for (const key of issue.params?.keys ?? [])
        add(base ? `${base}.${key}` : key, 'unknown_field');
    } else {
      add(base, issue.message ?? 'invalid');
    }
  }
  return errors;
}

/**
 * During an outage every request fails the same way: one log line per dependency every few
 * seconds (with how many were left out) says so without flooding the log.
 */
const OUTAGE_LOG_EVERY_MS = 5_000;
const outageLog = new Map<Dependency, { loggedAt: number; since: number }>();

function logOutage(request: FastifyRequest, dependency: Dependency, error: unknown): void {
  const now = Date.now();
  const last = outageLog.get(dependency);
  if (last && now - last.loggedAt < OUTAGE_LOG_EVERY_MS) {
    last.since += 1;
    return;
  }
  outageLog.set(dependency, { loggedAt: now, since: 0 });
  request.log.warn(
    { err: error, dependency, alsoFailedSinceLastLine: last?.since ?? 0 },
    'dependency unavailable: answered 503',
  );
}

/** One place turns every failure into `{ err_key, ... }`; internals never reach the client. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        err_key: 'validation_failed',
        errors: fieldErrors(error.validation as ZodIssueLike[]),
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ err_key: 'payload_too_large' });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE'
    ) {
      return reply.status(415).send({ err_key: 'unsupported_media_type' });
    }
    if (isMalformedMultipart(error)) {
      return reply
        .status(400)
        .send({ err_key: 'validation_failed', err_msg: 'multipart_malformed' });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ err_key: 'rate_limited' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, bad content length and similar protocol-level faults.
      return reply.status(400).send({ err_key: 'validation_failed', err_msg: error.message });
    }
    // The database, Redis or storage is down or restarting: the same request succeeds later.
    const dependency = unavailableDependency(error);
    if (dependency) {
      logOutage(request, dependency, error);
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ err_key: 'service_unavailable' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ err_key: 'internal_error' });
  });
}

/** Unknown routes answer in the catalogue's shape (the SPA fallback wraps this for GET pages). */
export function sendRouteNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ err_key: 'route_not_found' });
}

/**
 * The router refuses undecodable paths and over-long parameters before any route or hook runs
 * (Fastify's `frameworkErrors`); answer those in the catalogue's shape too, never with Fastify's
 * own error body.
 */
export function answerRouterError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ err_key: 'validation_failed' });
  } else if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(404).send({ err_key: 'route_not_found' });
  } else {
    request.log.error({ err: error }, 'router error');
    reply.status(500).send({ err_key: 'internal_error' });
  }
}
