import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../common/api/errors';
import { VALIDATION_VARS } from '../../common/api/profile-edit';
import { PASSWORD_MESSAGE_VARS } from '../../common/rules/password';
import { isDatabaseUnavailable } from '../db/unavailable';
import { translate } from '../i18n';

/** How long a client waits before it asks again while the database is unreachable. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/** The values every validation message may interpolate (`{{min_age}}`, `{{min}}`…). */
const VALIDATION_MESSAGE_VARS = { ...VALIDATION_VARS, ...PASSWORD_MESSAGE_VARS };

/** An error a route throws on purpose: its code picks the status and the member-language message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  extra: Record<string, unknown> = {},
) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({ error: code, message: translate(request.locale, `error.${code}`, messageVars(extra)), ...extra });
}

/** The plain values of an error's details fill the `{{placeholders}}` of its message (a limit, minutes). */
function messageVars(extra: Record<string, unknown>): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(extra)) if (typeof v === 'string' || typeof v === 'number') vars[k] = v;
  return vars;
}

/**
 * The message of a field that failed its check. Our own rules' messages are catalog keys (the form
 * shows the same text), said in the member's language; zod's own are passed on.
 */
export function fieldMessage(request: FastifyRequest, message: string | undefined): string {
  if (!message) return 'invalid';
  return message.startsWith('validation.')
    ? translate(request.locale, message, VALIDATION_MESSAGE_VARS)
    : message;
}

/**
 * The errors busboy raises for a multipart body it cannot read (no boundary, a boundary it cannot
 * search for, the body cut short): plain errors, with no status or code, so known by their text.
 */
const UNREADABLE_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.+ terminated early due to unexpected end of multipart data|The needle .+)$/;
/** @fastify/multipart's errors about the body the client sent, which it answers with 406. */
const MULTIPART_CLIENT_CODES = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

/** A body the client sent that cannot be read as the media type it says: the client's fault, 400. */
function unreadableBody(err: FastifyError, request: FastifyRequest): boolean {
  if (MULTIPART_CLIENT_CODES.has(err.code)) return true;
  const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
  return multipart && !err.statusCode && UNREADABLE_MULTIPART.test(err.message);
}

/** How often, at most, requests refused during a database outage are logged. */
const OUTAGE_LOG_EVERY_MS = 60_000;

/**
 * The log of requests refused because the database does not answer: a line when they start, then
 * at most one a minute with how many more were refused, rather than a line per request of every
 * visitor. (The pool's own lines say when connections are lost and back.)
 */
function outageLog() {
  let loggedAt = 0;
  let since = 0;
  return {
    refused(request: FastifyRequest, reason: string) {
      const now = Date.now();
      if (now - loggedAt < OUTAGE_LOG_EVERY_MS) {
        since++;
        return;
      }
      // Refusals in the minute before this line: the same outage going on.
      const ongoing = since > 0 && now - loggedAt < 2 * OUTAGE_LOG_EVERY_MS;
      request.log.warn(
        { err: reason, ...(ongoing ? { refused_since_last_line: since } : {}) },
        ongoing ? 'database still unavailable' : 'database unavailable',
      );
      loggedAt = now;
      since = 0;
    },
  };
}

/** Every failure becomes the error JSON, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  const outage = outageLog();
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return sendError(request, reply, err.status, err.code, err.extra);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        // The first problem of a field is the one to fix first.
        fields[key] ??= fieldMessage(request, issue.message);
      }
      return sendError(request, reply, 400, 'invalid_input', { fields });
    }
    if (unreadableBody(err, request)) return sendError(request, reply, 400, 'invalid_input');
    if (err.statusCode === 429) {
      const retryAfter = Number(reply.getHeader('retry-after')) || undefined;
      return sendError(
        request,
        reply,
        429,
        'too_many_requests',
        retryAfter ? { retry_after: retryAfter } : {},
      );
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return sendError(
        request,
        reply,
        err.statusCode,
        err.statusCode === 404 ? 'not_found' : 'invalid_input',
      );
    }
    if (isDatabaseUnavailable(err)) {
      // An outage, not a fault of this request: the browser retries after the pause it is told.
      outage.refused(request, err.message);
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return sendError(request, reply, 503, 'unavailable', { retry_after: UNAVAILABLE_RETRY_SECONDS });
    }
    request.log.error({ err }, 'request failed');
    return sendError(request, reply, 500, 'internal');
  });
}
