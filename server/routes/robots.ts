import type { FastifyPluginAsync } from 'fastify';

/** The server answers /robots.txt itself, per site. */
export const robotsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    const host = request.site.domain;
    reply.type('text/plain; charset=utf-8');
    return [
      'User-agent: *',
      'Disallow: /api/',
      // The operator console: a login screen, nothing to index.
      'Disallow: /admin',
      'Disallow: /chats',
      'Disallow: /credits',
      'Disallow: /profile',
      'Disallow: /notifications',
      'Allow: /',
      `Host: ${host}`,
      '',
    ].join('\n');
  });
};
