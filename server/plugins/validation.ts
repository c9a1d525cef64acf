import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nulPath, requestSchema } from '../../common/api/fields';
import { ApiError, fieldMessage } from './errors';

/** Refuses whatever it is given, with the message of an invalid value. */
const unreadable = z.unknown().refine(() => false, 'validation.invalid');

/**
 * The validator of every route's body, query string and path parameters: their zod schema behind
 * the checks every request passes first (an object, no NUL in any string: common/api/fields.ts),
 * each failure the 400 `invalid_input` of plugins/errors.ts. A refinement that throws on a value
 * it did not expect refuses that value the same way rather than failing the request.
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler({ ...route, schema: requestSchema(route.schema) });
  const refuse = validatorCompiler({ ...route, schema: unreadable });
  return (data) => {
    try {
      return validate(data);
    } catch {
      return refuse(data);
    }
  };
};

/**
 * For a route that reads its body by itself (`attachValidation`: the handler, not the validator,
 * decides about a failed check), the refusal no handler may overrule: a NUL character in its path
 * parameters, query string or body.
 */
export async function refuseNul(request: FastifyRequest): Promise<void> {
  for (const part of [request.params, request.query, request.body]) {
    const path = nulPath(part);
    if (path) {
      const fields = { [path.join('.') || '_']: fieldMessage(request, 'validation.invalid') };
      throw new ApiError(400, 'invalid_input', { fields });
    }
  }
}
