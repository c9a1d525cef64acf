import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Endpoint, Io } from '../../common/api/contract';
import { errorResponse } from '../../common/api/errors';
import { refuseNul } from './validation';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export type ServeOptions<T extends Io> = {
  summary: string;
  description?: string;
  /** Left out of the OpenAPI document (a form post, a page, a provider's callback). */
  hide?: boolean;
  tags?: string[];
  /** Exactly the schemas the endpoint's description names (common/api/endpoints). */
  schemas: T;
  /** The error statuses it answers, each with the error JSON (or `errorSchema`, which extends it). */
  errors?: readonly ErrorStatus[];
  errorSchema?: z.ZodType;
  /** An error JSON of its own for some statuses (one that extends the error JSON with details). */
  errorSchemas?: Partial<Record<ErrorStatus, z.ZodType>>;
  /**
   * The success status: 200, 201 for a creation, 204 for no answer (set before the handler runs, so
   * it may answer the body).
   */
  status?: 200 | 201 | 204;
  /**
   * For an endpoint whose answer differs by case (its response a union): the schema of each success
   * status instead, each one case of the response; the handler sets the status of the others.
   */
  successSchemas?: Partial<Record<200 | 201, z.ZodType<z.output<T['response']>>>>;
  /** The body's media types when it is not JSON (a multipart upload). */
  consumes?: string[];
  /** Fastify route options beyond the schema (a body limit, a hook, the log level). */
  route?: Pick<
    RouteOptions,
    'bodyLimit' | 'onRequest' | 'preValidation' | 'preHandler' | 'config' | 'attachValidation' | 'logLevel'
  >;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

export type EndpointRequest<T extends Io> = FastifyRequest<{
  Querystring: Parsed<T['query']>;
  Body: Parsed<T['body']>;
}>;

/** What a handler answers: the success body (the response schema serialises it), or the reply it sent. */
type Answer<T extends Io> = z.input<T['response']> | FastifyReply;

/**
 * Registers an endpoint of the contract (common/api/contract.ts) with its method and path, and its
 * schemas, which must be the ones the description names: the handler's request and answer are typed
 * by them.
 */
export function serve<T extends Io>(
  // biome-ignore lint/suspicious/noExplicitAny: any server, logger and type provider.
  app: FastifyInstance<any, any, any, any, any>,
  endpoint: Endpoint<T>,
  options: ServeOptions<NoInfer<T>>,
  handler: (request: EndpointRequest<T>, reply: FastifyReply) => Promise<Answer<T>> | Answer<T>,
): void {
  const { schemas, errors = [], errorSchema = errorResponse, errorSchemas = {}, status = 200 } = options;
  const route = options.route ?? {};
  app.route({
    ...route,
    // A handler that reads a body its validator refused still never gets a NUL character.
    ...(route.attachValidation ? { preHandler: [refuseNul, ...[route.preHandler ?? []].flat()] } : {}),
    method: endpoint.method,
    url: endpoint.routedAs ?? endpoint.path,
    schema: {
      summary: options.summary,
      ...(options.description ? { description: options.description } : {}),
      ...(options.hide ? { hide: true } : {}),
      ...(options.tags ? { tags: options.tags } : {}),
      ...(options.consumes ? { consumes: options.consumes } : {}),
      ...(schemas.query ? { querystring: schemas.query } : {}),
      ...(schemas.body ? { body: schemas.body } : {}),
      response: {
        ...(options.successSchemas ?? { [status]: schemas.response }),
        ...Object.fromEntries(errors.map((code) => [code, errorSchema])),
        ...errorSchemas,
      },
    },
    handler: (status === 200
      ? handler
      : (request: EndpointRequest<T>, reply: FastifyReply) =>
          handler(request, reply.code(status))) as RouteOptions['handler'],
  });
}
