import type { z } from 'zod';

/**
 * The endpoint contract both sides call. An endpoint is described once, in `common/api/endpoints/`:
 * its method and path as values, and its query or body and its answer as the types of the zod
 * schemas of `common/api/<family>.ts`. The server registers it with exactly those schemas
 * (server/plugins/endpoint.ts `serve`: any other schema is a type error) and the browser calls it
 * (web/api/client.ts `call`), so a path, a body or an answer cannot drift between the two. The
 * descriptions import the schemas as types only: a browser module that calls an endpoint does not
 * load zod.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint takes and answers, as the types of its zod schemas. */
export type Io = { query?: z.ZodType; body?: z.ZodType; response: z.ZodType };

export type Endpoint<T extends Io = Io> = {
  readonly method: Method;
  /** The address callers use. */
  readonly path: string;
  /**
   * Where the server routes it, when the address cannot choose a route by itself (a query
   * parameter picks it: the server rewrites the address to this path before routing).
   */
  readonly routedAs?: string;
  /** Never set: carries the schemas' types. */
  readonly io?: T;
};

export function endpoint<T extends Io>(method: Method, path: string, routedAs?: string): Endpoint<T> {
  return routedAs ? { method, path, routedAs } : { method, path };
}

type IoOf<E> = E extends Endpoint<infer T> ? T : never;
type Part<T, K extends 'query' | 'body'> = T extends { [P in K]: infer S extends z.ZodType }
  ? Record<never, never> extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : Record<never, never>;

/** What a caller sends: `{ query }` and/or `{ body }`, as the schemas accept them (optional when all of it is). */
export type CallInput<E> = Part<IoOf<E>, 'query'> & Part<IoOf<E>, 'body'>;
/** What the endpoint answers on success. */
export type CallOutput<E> = z.output<IoOf<E>['response']>;
