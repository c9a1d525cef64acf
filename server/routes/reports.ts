import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportsEndpoints } from '../../common/api/endpoints/reports';
import { errorResponse } from '../../common/api/errors';
import { myReportsQuery, myReportsResponse, reportForm, reportResponse } from '../../common/api/reports';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { fileReport } from '../services/safety/reports/file';
import { myReports } from '../services/safety/reports/mine';

/** /api/reports.php: a member reports another and reads their own reports ("My reports"). */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    reportsEndpoints.file,
    {
      summary:
        'Reports a member, one of their photos or messages of the chat with them; the evidence is copied into the report',
      schemas: { body: reportForm, response: reportResponse },
      errors: [400, 403, 404, 429],
      errorSchemas: {
        409: errorResponse.extend({ report_id: reportResponse.shape.report.shape.id.optional() }),
      },
      status: 201,
    },
    async (request) => {
      const reporterId = await requireMember(request, app.services);
      const report = await fileReport(app.services.db, {
        reporterId,
        siteId: request.site.id,
        body: request.body,
        now: app.services.now(),
      });
      return { report };
    },
  );

  serve(
    app,
    reportsEndpoints.mine,
    {
      summary: 'The member’s own reports, newest first, with their state and the date of the decision',
      schemas: { query: myReportsQuery, response: myReportsResponse },
      errors: [400, 403],
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return myReports(app.services.db, memberId, request.query.cursor);
    },
  );
};
