import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complainantResponse, complaintRequest, complaintResponse } from '../../common/api/complaints';
import { complaintsEndpoints } from '../../common/api/endpoints/complaints';
import { currentMemberId } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { complainant, fileComplaint } from '../services/safety/complaints';

/** /api/complaints.php: the complaints form of /complaints, for visitors and members alike. */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    complaintsEndpoints.complainant,
    {
      summary: 'Who a complaint is filed as: the logged-in member’s name and address, or null',
      schemas: { response: complainantResponse },
    },
    async (request) => {
      const memberId = await currentMemberId(request, app.services);
      return { member: memberId === null ? null : await complainant(app.services, memberId) };
    },
  );

  serve(
    app,
    complaintsEndpoints.file,
    {
      summary: 'Files a complaint: stored, mailed to the site’s support address and confirmed to the sender',
      schemas: { body: complaintRequest, response: complaintResponse },
      errors: [400, 403, 429],
      status: 201,
    },
    async (request) => {
      const { reference } = await fileComplaint(app.services, request.log, {
        site: request.site,
        memberId: await currentMemberId(request, app.services),
        locale: request.locale,
        address: request.ip,
        body: request.body,
      });
      return { complaint: { reference } };
    },
  );
};
