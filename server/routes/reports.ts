import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import { myReportsQuery, myReportsResponse, reportForm, reportResponse } from '../../common/api/reports';
import { requireMember } from '../plugins/auth';
import { fileReport } from '../services/safety/reports/file';
import { myReports } from '../services/safety/reports/mine';

/** /api/reports.php: a member reports another (issue 9) and reads their own reports ("My reports"). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports.php',
    {
      schema: {
        summary:
          'Reports a member, one of their photos or messages of the chat with them; the evidence is copied into the report',
        body: reportForm,
        response: {
          201: reportResponse,
          400: errorResponse,
          403: errorResponse,
          404: errorResponse,
          409: errorResponse.extend({ report_id: reportResponse.shape.report.shape.id.optional() }),
          429: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const reporterId = await requireMember(request, app.services);
      const report = await fileReport(app.services.db, {
        reporterId,
        siteId: request.site.id,
        body: request.body,
        now: app.services.now(),
      });
      return reply.status(201).send({ report });
    },
  );

  app.get(
    '/api/reports.php',
    {
      schema: {
        summary: 'The member’s own reports, newest first, with their state and the date of the decision',
        querystring: myReportsQuery,
        response: { 200: myReportsResponse, 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return myReports(app.services.db, memberId, request.query.cursor);
    },
  );
};
