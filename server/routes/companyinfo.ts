import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInfoResponse } from '../../common/api/company';

export const companyInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companyinfo.php',
    {
      schema: {
        summary: 'The company behind the site (SPEC §3 "Company info")',
        response: { 200: companyInfoResponse },
      },
    },
    async (request) => {
      return { company: request.site.company };
    },
  );
};
