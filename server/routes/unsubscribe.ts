import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeEndpoints } from '../../common/api/endpoints/unsubscribe';
import { unsubscribeBody, unsubscribeQuery, unsubscribeResponse } from '../../common/api/notification-mail';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { acceptFormBodies } from '../plugins/form-body';
import { unsubscribe } from '../services/notifications/unsubscribe';

/** The one-click unsubscribe address of notification mails (exempt from the browser-only CSRF header). */
export const UNSUBSCRIBE_PATH = unsubscribeEndpoints.unsubscribe.path;

/**
 * POST /api/unsubscribe.php: turns one kind of notification mail off for one member, named by the
 * token of the mail. Mail programs post to the List-Unsubscribe address (RFC 8058) with a form
 * body, url-encoded or multipart; the /unsubscribe/:token screen posts JSON. No session needed:
 * the token is the authority, and it works once.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  // RFC 8058 allows multipart/form-data; its only field says "One-Click", so it is read and dropped.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_r, _body, done) =>
    done(null, {}),
  );

  serve(
    app,
    unsubscribeEndpoints.unsubscribe,
    {
      summary: 'One-click unsubscribe from one kind of notification mail (RFC 8058)',
      schemas: { query: unsubscribeQuery, body: unsubscribeBody, response: unsubscribeResponse },
      errors: [400, 410],
    },
    async (request) => {
      const token = request.query.token ?? request.body?.token;
      if (!token) throw new ApiError(400, 'invalid_input', { fields: { token: 'required' } });
      return { unsubscribed: await unsubscribe(app.services.db, token, app.services.now()) };
    },
  );
};
