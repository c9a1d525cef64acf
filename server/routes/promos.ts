import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promosEndpoints } from '../../common/api/endpoints/promos';
import { promoClickQuery, promoQuery, promoResponse, promosResponse } from '../../common/api/promos';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { presentPromo } from '../presenters/promo';
import { clickPromo, type PromoViewer, visiblePromo, visiblePromos } from '../services/promos/promos';

/**
 * Promo profiles of partner camera sites, for members and visitors alike: the ones shown now on
 * this site, for the viewer's country and the site's niche. They are advertisements, so they come
 * from calls of their own and never from the member search or any count of members.
 */
export const promosRoutes: FastifyPluginAsyncZod = async (app) => {
  const viewer = (request: { site: { id: number; settings: { niche: number } }; selectedCountry: string }) =>
    ({
      siteId: request.site.id,
      country: request.selectedCountry || null,
      niche: request.site.settings.niche ?? null,
    }) satisfies PromoViewer;

  serve(
    app,
    promosEndpoints.list,
    {
      summary: 'The promo profiles (advertisements) shown now to this viewer',
      schemas: { response: promosResponse },
    },
    async (request) => {
      const rows = await visiblePromos(app.services.db, viewer(request), app.services.now());
      return { promos: rows.map(presentPromo) };
    },
  );

  serve(
    app,
    promosEndpoints.get,
    {
      summary: 'One promo profile (an advertisement), when it is shown to this viewer now',
      schemas: { query: promoQuery, response: promoResponse },
      errors: [400, 404],
    },
    async (request) => {
      const row = await visiblePromo(app.services.db, viewer(request), request.query.id, app.services.now());
      return { promo: presentPromo(row) };
    },
  );

  // A link the browser follows, not a JSON call: it counts the click and redirects to the partner.
  app.get(
    '/api/promo-click.php',
    {
      schema: {
        summary: "Counts a click on a promo profile's button and redirects (302) to the partner's site",
        querystring: promoClickQuery,
      },
    },
    async (request, reply) => {
      const url = await clickPromo(
        app.services.db,
        {
          siteId: request.site.id,
          id: request.query.id,
          memberId: await currentMemberId(request, app.services),
          network: request.query.network,
          address: request.ip,
        },
        app.services.now(),
      );
      // The partner learns nothing of the page the visitor came from.
      reply.header('referrer-policy', 'no-referrer');
      return reply.redirect(url, 302);
    },
  );
};
