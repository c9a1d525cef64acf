import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  complaintIdQuery,
  complaintMailRequest,
  complaintResponse,
  complaintsQuery,
  complaintsResponse,
  complaintUpdateRequest,
} from '../../../common/api/admin/complaints';
import { adminComplaintsEndpoints } from '../../../common/api/endpoints/admin/complaints';
import { serve } from '../../plugins/endpoint';
import { requireStaff } from '../../plugins/staff-auth';
import {
  changeComplaintStatus,
  complaintDetail,
  listComplaints,
  resendComplaintMail,
} from '../../services/admin/complaints';

const errors = [400, 403, 404] as const;
const tags = ['admin'];

/** Complaints from the complaints form: customer service's work, so any staff role. */
export const adminComplaintsRoutes: FastifyPluginAsyncZod = async (app) => {
  serve(
    app,
    adminComplaintsEndpoints.list,
    {
      summary: 'Complaints, newest first, by site and state (keyset pages)',
      tags,
      schemas: { query: complaintsQuery, response: complaintsResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'support');
      const { site_id, status, cursor } = request.query;
      return listComplaints(app.services, { siteId: site_id, status, cursor });
    },
  );

  serve(
    app,
    adminComplaintsEndpoints.one,
    {
      summary: 'One complaint: what was written, its state and what staff did with it',
      tags,
      schemas: { query: complaintIdQuery, response: complaintResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, app.services, 'support');
      return { complaint: await complaintDetail(app.services, request.query.id) };
    },
  );

  serve(
    app,
    adminComplaintsEndpoints.changeStatus,
    {
      summary: 'Moves a complaint to a state, with a note (written to the audit log)',
      tags,
      schemas: { body: complaintUpdateRequest, response: complaintResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, app.services, 'support');
      const { id, status, note } = request.body;
      await changeComplaintStatus(app.services, { staffId: staff.id, id, status, note });
      return { complaint: await complaintDetail(app.services, id) };
    },
  );

  serve(
    app,
    adminComplaintsEndpoints.resendMail,
    {
      summary: 'Sends the mail of a complaint to the support address again, when it never went out',
      tags,
      schemas: { body: complaintMailRequest, response: complaintResponse },
      errors: [...errors, 502],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, app.services, 'support');
      await resendComplaintMail(app.services, request.log, { staffId: staff.id, id: request.body.id });
      return { complaint: await complaintDetail(app.services, request.body.id) };
    },
  );
};
