import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInfoResponse } from '../../common/api/company';
import { companyInfoEndpoints } from '../../common/api/endpoints/companyinfo';
import { serve } from '../plugins/endpoint';

export const companyInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    companyInfoEndpoints.get,
    { summary: 'The company behind the site', schemas: { response: companyInfoResponse } },
    async (request) => {
      return { company: request.site.company };
    },
  );
};
