import type { Endpoint } from '@glimpse/contract';
import type { z } from 'zod';

type StatusOf<E extends Endpoint> = E extends { status: infer S extends number } ? S : 200;

/** The Fastify schema of an endpoint, typed part by part so handlers see the parsed types. */
export interface RouteSchemaOf<E extends Endpoint> {
  params: E extends { params: infer P extends z.ZodType } ? P : undefined;
  querystring: E extends { query: infer Q extends z.ZodType } ? Q : undefined;
  body: E extends { alsoMultipart: true }
    ? undefined
    : E extends { body: infer B extends z.ZodType }
      ? B
      : undefined;
  response: E extends { response: infer R extends z.ZodType }
    ? { [S in StatusOf<E>]: R }
    : undefined;
  consumes?: string[];
}

export interface RouteOf<E extends Endpoint> {
  method: E['method'];
  url: E['path'];
  schema: RouteSchemaOf<E>;
}

/**
 * Method, url and schema of a Fastify route, taken from the endpoint's contract descriptor so
 * the server serves exactly what the web client is typed to ask for:
 * `app.route({ ...routeOf(endpoints.story), handler })`.
 */
export function routeOf<const E extends Endpoint>(endpoint: E): RouteOf<E> {
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body === 'multipart') {
    schema.consumes = ['multipart/form-data'];
  } else if (endpoint.body && endpoint.alsoMultipart) {
    // Fastify cannot validate a body that may be multipart: the handler parses the JSON form.
    schema.consumes = ['multipart/form-data', 'application/json'];
  } else if (endpoint.body) {
    schema.body = endpoint.body;
  }
  if (endpoint.response) schema.response = { [endpoint.status ?? 200]: endpoint.response };
  // Built key by key above; the type says which keys each endpoint has.
  return {
    method: endpoint.method,
    url: endpoint.path,
    schema: schema as unknown as RouteSchemaOf<E>,
  };
}
