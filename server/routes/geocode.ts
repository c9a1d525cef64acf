import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geocodeEndpoints } from '../../common/api/endpoints/geocode';
import { geocodeQuery, geocodeResponse } from '../../common/api/search';
import { hitRate } from '../infra/rate-limit';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { geocode } from '../services/profiles/geocode';

/** Lookups per address and hour: a page asks once; more is someone mapping the data set through us. */
export const GEOCODE_PER_HOUR = 60;

export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    geocodeEndpoints.lookup,
    {
      summary: "Country and region of the browser's position, to prefill the search (nothing is stored)",
      schemas: { query: geocodeQuery, response: geocodeResponse },
      errors: [400, 429],
      // The coordinates are in the query string: keep them out of the request log.
      route: { logLevel: 'warn' },
    },
    async (request, reply) => {
      const { db, now } = app.services;
      const rate = await hitRate(db, `geocode:${request.ip}`, GEOCODE_PER_HOUR, 3_600, now());
      if (!rate.allowed)
        throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });
      const { lat, lon } = request.query;
      reply.header('cache-control', 'private, no-store');
      return geocode(db, request.site.settings.countries, lat, lon);
    },
  );
};
