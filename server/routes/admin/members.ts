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
import { errorResponse } from '../../../common/api/errors';
import { sendError } from '../../plugins/errors';
import { requireStaff } from '../../plugins/staff-auth';
import { adjustCredits, endMemberSessions, setFictional } from '../../services/admin/members/actions';
import { memberLedger, memberRecord, staffPhotoKey } from '../../services/admin/members/record';
import { refundPayment } from '../../services/admin/members/refund';
import { sanctionMember } from '../../services/admin/members/sanction';
import { searchMembers } from '../../services/admin/members/search';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse };
const tags = ['admin'];

/**
 * The console's members screen (issue 9): search and records for support and up; ending sessions
 * for support; suspending, banning and lifting for moderators; credits, refunds and the fictional
 * mark for admins (money, and the site's word to its members about who is real). Every change
 * writes its audit row in the transaction of the change.
 */
export const adminMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api/admin/members.php',
    {
      schema: {
        summary: 'Finds members by e-mail (prefix), profile name (prefix) or id, on one site or all',
        tags,
        querystring: memberSearchQuery,
        response: { 200: memberSearchResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      const q = request.query;
      return searchMembers(services.db, { q: q.q, by: q.by, siteId: q.site_id, cursor: q.cursor });
    },
  );

  app.get(
    '/api/admin/member.php',
    {
      schema: {
        summary: 'A member’s record: account, profile, photos, payments, reports, notices, sessions',
        tags,
        querystring: memberRecordQuery,
        response: { 200: memberRecordResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return { member: await memberRecord(services.db, request.query.id, services.now()) };
    },
  );

  app.get(
    '/api/admin/member-ledger.php',
    {
      schema: {
        summary: 'A member’s credits ledger, newest first, a page at a time',
        tags,
        querystring: memberLedgerQuery,
        response: { 200: memberLedgerResponse, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'support');
      return memberLedger(services.db, request.query.id, request.query.cursor);
    },
  );

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

  app.post(
    '/api/admin/member-credits.php',
    {
      schema: {
        summary: 'Adds or takes credits with a reason (admin): a ledger row and an audit row',
        tags,
        body: creditAdjustmentRequest,
        response: { 200: creditAdjustmentResponse, ...errors, 409: errorResponse },
      },
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

  app.post(
    '/api/admin/member-refund.php',
    {
      schema: {
        summary: 'Refunds (part of) a paid payment through its provider (admin); takes its credits back',
        tags,
        body: refundRequest,
        response: { 200: refundResponse, ...errors, 409: errorResponse, 502: errorResponse },
      },
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

  app.put(
    '/api/admin/member-fictional.php',
    {
      schema: {
        summary: 'Marks a profile fictional or not (admin): the site’s disclosure shows on it',
        tags,
        body: fictionalRequest,
        response: { 200: fictionalResponse, ...errors },
      },
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

  app.delete(
    '/api/admin/member-sessions.php',
    {
      schema: {
        summary: 'Ends every session of a member (support): logged out everywhere',
        tags,
        body: endSessionsRequest,
        response: { 200: endSessionsResponse, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'support');
      const b = request.body;
      return endMemberSessions(services, { staffId: staff.id, reason: b.reason, memberId: b.member_id });
    },
  );

  app.post(
    '/api/admin/member-sanction.php',
    {
      schema: {
        summary:
          'Suspends a member for days, bans them, or lifts either (moderator), with the statement of reasons',
        tags,
        body: sanctionRequest,
        response: { 200: sanctionResponse, ...errors, 409: errorResponse },
      },
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
