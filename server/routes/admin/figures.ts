import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { figuresQuery, figuresResponse, revenueResponse } from '../../../common/api/admin/figures';
import { adminFiguresEndpoints } from '../../../common/api/endpoints/admin/figures';
import { serve } from '../../plugins/endpoint';
import { requireStaff } from '../../plugins/staff-auth';
import { figures, revenue } from '../../services/admin/figures/figures';
import { figuresScope } from '../../services/admin/figures/range';

const errors = [400, 403, 404] as const;
const tags = ['admin'];

/**
 * The console's figures. Counts (signups, activity, messages, purchases, traffic) are for
 * every staff role; money (revenue and refunds) is the admin's, like every other money matter.
 */
export const adminFiguresRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    adminFiguresEndpoints.figures,
    {
      summary:
        'Signups, active members, messages, purchases, visits and bounces per UTC day, and visits, bounces and signups per traffic network and lander',
      tags,
      schemas: { query: figuresQuery, response: figuresResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'support');
      const scope = await figuresScope(app.services, request.query);
      return { figures: await figures(app.services.db, scope) };
    },
  );

  serve(
    app,
    adminFiguresEndpoints.revenue,
    {
      summary: 'Paid purchases, amounts and refunds per currency and UTC day (admin)',
      tags,
      schemas: { query: figuresQuery, response: revenueResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'admin');
      const scope = await figuresScope(app.services, request.query);
      return { revenue: await revenue(app.services.db, scope) };
    },
  );
};
