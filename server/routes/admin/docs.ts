import type { FastifyPluginAsync } from 'fastify';

/** The whole OpenAPI document, the console's API included: for staff (the guard in index.ts). */
export const adminDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/docs', { schema: { hide: true } }, async () => app.swagger());
};
