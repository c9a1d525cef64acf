import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../common/api/errors';
import { VALIDATION_VARS } from '../../common/api/profile-edit';
import { PASSWORD_MESSAGE_VARS } from '../../common/rules/password';
import { translate } from '../i18n';

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

/** Every failure becomes the error JSON, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof ApiError) return sendError(request, reply, err.status, err.code, err.extra);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        // Our own rules' messages are catalog keys (the form shows the same text); the first problem
        // of a field is the one to fix first.
        const message = issue.message ?? 'invalid';
        fields[key] ??= message.startsWith('validation.')
          ? translate(request.locale, message, VALIDATION_MESSAGE_VARS)
          : message;
      }
      return sendError(request, reply, 400, 'invalid_input', { fields });
    }
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
    request.log.error({ err }, 'request failed');
    return sendError(request, reply, 500, 'internal');
  });
}
