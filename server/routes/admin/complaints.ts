import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  complaintIdQuery,
  complaintMailRequest,
  complaintResponse,
  complaintsQuery,
  complaintsResponse,
  complaintUpdateRequest,
} from '../../../common/api/admin/complaints';
import { errorResponse } from '../../../common/api/errors';
import { requireStaff } from '../../plugins/staff-auth';
import {
  changeComplaintStatus,
  complaintDetail,
  listComplaints,
  resendComplaintMail,
} from '../../services/admin/complaints';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };

/** Complaints from the complaints form (issue 9): customer service's work, so any staff role. */
export const adminComplaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/complaints.php',
    {
      schema: {
        summary: 'Complaints, newest first, by site and state (keyset pages)',
        tags: ['admin'],
        querystring: complaintsQuery,
        response: { 200: complaintsResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'support');
      const { site_id, status, cursor } = request.query;
      return listComplaints(app.services, { siteId: site_id, status, cursor });
    },
  );

  app.get(
    '/api/admin/complaint.php',
    {
      schema: {
        summary: 'One complaint: what was written, its state and what staff did with it',
        tags: ['admin'],
        querystring: complaintIdQuery,
        response: { 200: complaintResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'support');
      return { complaint: await complaintDetail(app.services, request.query.id) };
    },
  );

  app.patch(
    '/api/admin/complaint.php',
    {
      schema: {
        summary: 'Moves a complaint to a state, with a note (written to the audit log)',
        tags: ['admin'],
        body: complaintUpdateRequest,
        response: { 200: complaintResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, app.services, 'support');
      const { id, status, note } = request.body;
      await changeComplaintStatus(app.services, { staffId: staff.id, id, status, note });
      return { complaint: await complaintDetail(app.services, id) };
    },
  );

  app.post(
    '/api/admin/complaint-mail.php',
    {
      schema: {
        summary: 'Sends the mail of a complaint to the support address again, when it never went out',
        tags: ['admin'],
        body: complaintMailRequest,
        response: { 200: complaintResponse, 502: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, app.services, 'support');
      await resendComplaintMail(app.services, request.log, { staffId: staff.id, id: request.body.id });
      return { complaint: await complaintDetail(app.services, request.body.id) };
    },
  );
};
