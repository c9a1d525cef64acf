import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complainantResponse, complaintRequest, complaintResponse } from '../../common/api/complaints';
import { errorResponse } from '../../common/api/errors';
import { currentMemberId } from '../plugins/auth';
import { complainant, fileComplaint } from '../services/safety/complaints';

/** /api/complaints.php: the complaints form of /complaints, for visitors and members alike. */
export const complaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/complaints.php',
    {
      schema: {
        summary: 'Who a complaint is filed as: the logged-in member’s name and address, or null',
        response: { 200: complainantResponse },
      },
    },
    async (request) => {
      const memberId = await currentMemberId(request, app.services);
      return { member: memberId === null ? null : await complainant(app.services, memberId) };
    },
  );

  app.post(
    '/api/complaints.php',
    {
      schema: {
        summary:
          'Files a complaint: stored, mailed to the site’s support address and confirmed to the sender',
        body: complaintRequest,
        response: { 201: complaintResponse, 400: errorResponse, 403: errorResponse, 429: errorResponse },
      },
    },
    async (request, reply) => {
      const { reference } = await fileComplaint(app.services, request.log, {
        site: request.site,
        memberId: await currentMemberId(request, app.services),
        locale: request.locale,
        address: request.ip,
        body: request.body,
      });
      return reply.status(201).send({ complaint: { reference } });
    },
  );
};
