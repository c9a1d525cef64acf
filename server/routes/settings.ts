import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { settingsQuery, settingsResponse } from '../../common/api/settings';
import { COUNTRY_COOKIE } from '../../common/constants';
import { selectCountry } from '../plugins/context';
import { presentSettings } from '../presenters/settings';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings.php',
    {
      schema: {
        summary: 'Settings of the site the request is for (SPEC §3 "Site settings")',
        querystring: settingsQuery,
        response: { 200: settingsResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const { domain, country } = request.query;
      const site = domain ? await app.services.sites.resolve(domain) : request.site;
      const selected = selectCountry(site, country, request.cookies[COUNTRY_COOKIE], request.geoipCountry);
      return { settings: presentSettings(site, request.geoipCountry, selected, app.services.push.publicKey) };
    },
  );
};
