import type { z } from 'zod';
import type { Endpoint } from './define.ts';
import type { Endpoints } from './registry.ts';
import type { EndpointName } from './routes.ts';

type Absent = { params?: never; query?: never; body?: never };

/** Path parameters as the caller means them (`{ id: 7 }`), turned into text in the path. */
type ParamsArg<E> = E extends { params: z.ZodType } ? { params: z.output<E['params']> } : unknown;
/** The query as the server reads it; arrays go out as `name[]=a&name[]=b`. */
type QueryArg<E> = E extends { query: z.ZodType } ? { query?: z.output<E['query']> } : unknown;
/** A JSON body as it is sent (before the server's defaults and transforms), or a form. */
type BodyArg<E> = E extends { body: 'multipart' }
  ? { body: FormData }
  : E extends { body: z.ZodType }
    ? { body: z.input<E['body']> }
    : unknown;

/** What `call` takes for an endpoint: only the parts it has, each typed from its schema. */
export type CallArgs<E extends Endpoint> = Omit<
  Absent,
  keyof (ParamsArg<E> & QueryArg<E> & BodyArg<E>)
> &
  ParamsArg<E> &
  QueryArg<E> &
  BodyArg<E>;

/** The success answer of an endpoint; `void` for 204. */
export type CallResult<E extends Endpoint> = E extends { status: 204 }
  ? void
  : E extends { response: z.ZodType }
    ? z.output<E['response']>
    : void;

/** The answer of the endpoint named N. */
export type ResponseOf<N extends EndpointName> = CallResult<Endpoints[N]>;
/** The arguments of the endpoint named N. */
export type ArgsOf<N extends EndpointName> = CallArgs<Endpoints[N]>;
