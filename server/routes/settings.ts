import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsEndpoints } from '../../common/api/endpoints/settings';
import { settingsQuery, settingsResponse } from '../../common/api/settings';
import { COUNTRY_COOKIE } from '../../common/constants';
import { selectCountry } from '../plugins/context';
import { serve } from '../plugins/endpoint';
import { presentSettings } from '../presenters/settings';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    settingsEndpoints.get,
    {
      summary: 'Settings of the site the request is for',
      schemas: { query: settingsQuery, response: settingsResponse },
      errors: [400],
    },
    async (request) => {
      const { domain, country } = request.query;
      const site = domain ? await app.services.sites.resolve(domain) : request.site;
      const selected = selectCountry(site, country, request.cookies[COUNTRY_COOKIE], request.geoipCountry);
      return { settings: presentSettings(site, request.geoipCountry, selected, app.services.push.publicKey) };
    },
  );
};
