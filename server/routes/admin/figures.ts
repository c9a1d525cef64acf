import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { figuresQuery, figuresResponse, revenueResponse } from '../../../common/api/admin/figures';
import { errorResponse } from '../../../common/api/errors';
import { requireStaff } from '../../plugins/staff-auth';
import { figures, revenue } from '../../services/admin/figures/figures';
import { figuresScope } from '../../services/admin/figures/range';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/**
 * The console's figures (issue 9). Counts (signups, activity, messages, purchases, traffic) are for
 * every staff role; money (revenue and refunds) is the admin's, like every other money matter.
 */
export const adminFiguresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/figures.php',
    {
      schema: {
        summary:
          'Signups, active members, messages, purchases, visits and bounces per UTC day, and visits, bounces and signups per traffic network and lander',
        tags: ['admin'],
        querystring: figuresQuery,
        response: { 200: figuresResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'support');
      const scope = await figuresScope(app.services, request.query);
      return { figures: await figures(app.services.db, scope) };
    },
  );

  app.get(
    '/api/admin/revenue.php',
    {
      schema: {
        summary: 'Paid purchases, amounts and refunds per currency and UTC day (admin)',
        tags: ['admin'],
        querystring: figuresQuery,
        response: { 200: revenueResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'admin');
      const scope = await figuresScope(app.services, request.query);
      return { revenue: await revenue(app.services.db, scope) };
    },
  );
};
