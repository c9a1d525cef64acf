import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageHiddenEndpoints } from '../../common/api/endpoints/page-hidden';
import { pageHiddenBody, pageHiddenResponse } from '../../common/api/notification-mail';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { recordPageHidden } from '../services/accounts/sessions';

/** The beacon's address (exempt from the client header: navigator.sendBeacon cannot set one). */
export const PAGE_HIDDEN_PATH = pageHiddenEndpoints.hidden.path;

/**
 * POST /api/page-hidden.php: the page became hidden. For a member it records when, so
 * that presence (services/notifications/channel.ts) knows they no longer see what arrives and mail
 * may tell them. A visitor's beacon changes nothing; both get 204. The body is read as JSON
 * whatever its type, because `navigator.sendBeacon(url, '{}')` sends text/plain; and the beacon
 * needs no client header: it only moves the caller's own presence, and the SameSite=Lax session
 * cookie does not go along with another site's post, so no other site can send it as a member.
 */
export const pageHiddenRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin only: text/plain (what sendBeacon sends) is read as JSON like every other type.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      // Not JSON: left as it is, for the schema to refuse (400).
      done(null, body);
    }
  });

  serve(
    app,
    pageHiddenEndpoints.hidden,
    {
      summary: 'Beacon: the page is hidden now (presence, push or mail)',
      schemas: { body: pageHiddenBody, response: pageHiddenResponse },
      errors: [400],
      status: 204,
    },
    async (request, reply) => {
      const memberId = await currentMemberId(request, app.services);
      if (memberId !== null) await recordPageHidden(app.services.db, memberId, app.services.now());
      return reply.send(null);
    },
  );
};
