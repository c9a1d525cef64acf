import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditAdjustmentRequest,
  creditAdjustmentResponse,
  endSessionsRequest,
  endSessionsResponse,
  fictionalRequest,
  fictionalResponse,
  memberLedgerQuery,
  memberLedgerResponse,
  memberPhotoQuery,
  memberRecordQuery,
  memberRecordResponse,
  memberSearchQuery,
  memberSearchResponse,
  refundRequest,
  refundResponse,
  sanctionRequest,
  sanctionResponse,
} from '../../../common/api/admin/members';
import { adminMembersEndpoints } from '../../../common/api/endpoints/admin/members';
import { serve } from '../../plugins/endpoint';
import { sendError } from '../../plugins/errors';
import { requireStaff } from '../../plugins/staff-auth';
import { adjustCredits, endMemberSessions, setFictional } from '../../services/admin/members/actions';
import { memberLedger, memberRecord, staffPhotoKey } from '../../services/admin/members/record';
import { refundPayment } from '../../services/admin/members/refund';
import { sanctionMember } from '../../services/admin/members/sanction';
import { searchMembers } from '../../services/admin/members/search';

const errors = [400, 403, 404] as const;
const tags = ['admin'];

/**
 * The console's members screen: search and records for support and up; ending sessions
 * for support; suspending, banning and lifting for moderators; credits, refunds and the fictional
 * mark for admins (money, and the site's word to its members about who is real). Every change
 * writes its audit row in the transaction of the change.
 */
export const adminMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  serve(
    app,
    adminMembersEndpoints.search,
    {
      summary: 'Finds members by e-mail (prefix), profile name (prefix) or id, on one site or all',
      tags,
      schemas: { query: memberSearchQuery, response: memberSearchResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      const q = request.query;
      return searchMembers(services.db, { q: q.q, by: q.by, siteId: q.site_id, cursor: q.cursor });
    },
  );

  serve(
    app,
    adminMembersEndpoints.record,
    {
      summary: 'A member’s record: account, profile, photos, payments, reports, notices, sessions',
      tags,
      schemas: { query: memberRecordQuery, response: memberRecordResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { member: await memberRecord(services.db, request.query.id, services.now()) };
    },
  );

  serve(
    app,
    adminMembersEndpoints.ledger,
    {
      summary: 'A member’s credits ledger, newest first, a page at a time',
      tags,
      schemas: { query: memberLedgerQuery, response: memberLedgerResponse },
      errors,
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return memberLedger(services.db, request.query.id, request.query.cursor);
    },
  );

  // Image bytes, not JSON: outside the endpoint contract. The record names this address and the
  // browser loads it as an image.
  app.get(
    '/api/admin/member-photo.php',
    {
      schema: { summary: 'A member’s photo for staff, premium or not', tags, querystring: memberPhotoQuery },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      const key = await staffPhotoKey(services.db, request.query.id, request.query.size);
      const bytes = await services.storage.get(key);
      if (!bytes) return sendError(request, reply, 404, 'not_found');
      return reply
        .type('image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  serve(
    app,
    adminMembersEndpoints.adjustCredits,
    {
      summary: 'Adds or takes credits with a reason (admin): a ledger row and an audit row',
      tags,
      schemas: { body: creditAdjustmentRequest, response: creditAdjustmentResponse },
      errors: [...errors, 409],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const b = request.body;
      return adjustCredits(services, {
        staffId: staff.id,
        reason: b.reason,
        memberId: b.member_id,
        delta: b.delta,
      });
    },
  );

  serve(
    app,
    adminMembersEndpoints.refund,
    {
      summary: 'Refunds (part of) a paid payment through its provider (admin); takes its credits back',
      tags,
      schemas: { body: refundRequest, response: refundResponse },
      errors: [...errors, 409, 502],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const b = request.body;
      return refundPayment(services, request.log, {
        staffId: staff.id,
        reason: b.reason,
        paymentId: b.payment_id,
        amount: b.amount,
      });
    },
  );

  serve(
    app,
    adminMembersEndpoints.setFictional,
    {
      summary: 'Marks a profile fictional or not (admin): the site’s disclosure shows on it',
      tags,
      schemas: { body: fictionalRequest, response: fictionalResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const b = request.body;
      return setFictional(services, {
        staffId: staff.id,
        reason: b.reason,
        memberId: b.member_id,
        fictional: b.fictional,
      });
    },
  );

  serve(
    app,
    adminMembersEndpoints.endSessions,
    {
      summary: 'Ends every session of a member (support): logged out everywhere',
      tags,
      schemas: { body: endSessionsRequest, response: endSessionsResponse },
      errors,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'support');
      const b = request.body;
      return endMemberSessions(services, { staffId: staff.id, reason: b.reason, memberId: b.member_id });
    },
  );

  serve(
    app,
    adminMembersEndpoints.sanction,
    {
      summary:
        'Suspends a member for days, bans them, or lifts either (moderator), with the statement of reasons',
      tags,
      schemas: { body: sanctionRequest, response: sanctionResponse },
      errors: [...errors, 409],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'moderator');
      const b = request.body;
      return sanctionMember(services, request.log, {
        staffId: staff.id,
        reason: b.reason,
        memberId: b.member_id,
        action: b.action,
        days: b.days,
        ground: b.ground,
      });
    },
  );
};
