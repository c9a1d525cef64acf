import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  messagesQuery,
  messagesResponse,
  sendMessageRequest,
  sendMessageResponse,
} from '../../common/api/chats';
import { messagesEndpoints } from '../../common/api/endpoints/messages';
import { errorResponse } from '../../common/api/errors';
import { requestSchema } from '../../common/api/fields';
import { PHOTO_MAX_BYTES, PHOTO_MAX_MB } from '../../common/api/photos';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError, fieldMessage } from '../plugins/errors';
import { messageHistory, sendMessage, toSendInput } from '../services/chat/messages';

/**
 * The error JSON of a send, which may say the limit it broke (`max` of message_too_long, `limit` of
 * conversation_limit).
 */
const sendError = errorResponse.extend({
  max: errorResponse.shape.retry_after,
  limit: errorResponse.shape.retry_after,
});

type SendBody = z.output<typeof sendMessageRequest>;

/** Checked as the route's validator checks a JSON body (plugins/validation.ts). */
const sendBody = requestSchema(sendMessageRequest);

/** A body that breaks the request schema: the same 400 the schema validation answers. */
function parseSend(request: FastifyRequest, value: unknown): SendBody {
  const parsed = sendBody.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    fields[issue.path.join('.') || '_'] ??= fieldMessage(request, issue.message);
  throw new ApiError(400, 'invalid_input', { fields });
}

/**
 * A photo message: the send's fields and one `photo` file (at most PHOTO_MAX_BYTES, 413 beyond,
 * as for profile photos). The file is read into memory; its checks happen where it is processed.
 */
async function readPhotoMessage(request: FastifyRequest): Promise<{ body: SendBody; photo: Buffer }> {
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  const parts = request.parts({
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, fieldSize: 64_000 },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'photo')
        throw new ApiError(400, 'invalid_input', { fields: { photo: 'required' } });
      try {
        photo = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new ApiError(413, 'photo_too_large', { max_mb: PHOTO_MAX_MB });
        throw err;
      }
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!photo) throw new ApiError(400, 'invalid_input', { fields: { photo: 'required' } });
  return { body: parseSend(request, fields), photo };
}

/** /api/messages.php: a chat's history a page at a time, and sending (text, gift or photo). */
export const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this module (and the photos module) accept multipart bodies.
  await app.register(fastifyMultipart);

  serve(
    app,
    messagesEndpoints.history,
    {
      summary: 'A page of a chat, newest first by default; `before` older, `after` newer (catch-up)',
      schemas: { query: messagesQuery, response: messagesResponse },
      errors: [400, 403, 404],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return messageHistory(app.services.db, memberId, request.site.id, request.query);
    },
  );

  serve(
    app,
    messagesEndpoints.send,
    {
      summary:
        'Send a message (JSON), or a photo message (multipart: the same fields and a `photo` file); it costs credits',
      consumes: ['application/json', 'multipart/form-data'],
      schemas: { body: sendMessageRequest, response: sendMessageResponse },
      errors: [400, 402, 403, 404, 409, 413, 415, 429],
      errorSchema: sendError,
      // The body is described for the JSON send, but read here for both kinds: a multipart body has
      // its fields in its parts, so a failed check of the JSON shape is left to the handler.
      route: { attachValidation: true },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      const { body, photo } = request.isMultipart()
        ? await readPhotoMessage(request)
        : { body: parseSend(request, request.body as unknown), photo: undefined };
      return sendMessage(app.services, memberId, request.site, toSendInput(body, photo));
    },
  );
};
