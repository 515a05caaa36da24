import type { z } from 'zod';
import type { ErrKey } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where an endpoint lives. Path parameters are written `:name`, as Fastify reads them. */
export interface EndpointRoute {
  method: HttpMethod;
  path: `/api/${string}`;
}

/** What an endpoint takes and answers; the route comes from `endpointRoutes`. */
export interface EndpointShape {
  /** The path parameters; required whenever the path has a `:name`. */
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body schema, or `'multipart'` for a form upload the handler reads itself. */
  body?: z.ZodType | 'multipart';
  /**
   * The endpoint takes multipart as well as the JSON `body`, so the route cannot let Fastify
   * validate the body and the handler parses the JSON itself.
   */
  alsoMultipart?: true;
  /** The success status; 204 answers no body. Defaults to 200. */
  status?: 200 | 201 | 204;
  /** The success answer (absent for 204, and for a file). */
  response?: z.ZodType;
  /** The answer is a file streamed as it is (a data export's zip), not JSON: no schema. */
  file?: true;
  /** The catalogued errors this endpoint answers with, beyond the ones every endpoint may. */
  errors?: readonly ErrKey[];
}

export type Endpoint = EndpointRoute & EndpointShape;

/**
 * One endpoint, described once: the server builds its Fastify route from it and the web types
 * its calls with it, so neither can drift from the other.
 */
export function defineEndpoint<const R extends EndpointRoute, const S extends EndpointShape>(
  route: R,
  shape: S,
): R & S {
  return { ...route, ...shape };
}
