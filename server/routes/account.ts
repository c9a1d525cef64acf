import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../common/api/errors';
import {
  accountDeletedResponse,
  accountDeletion,
  accountResponse,
  accountUpdate,
  blockRequest,
  blockResponse,
  blocksQuery,
  blocksResponse,
  pauseResponse,
} from '../../common/api/settings-account';
import { AUTH_COOKIE, REACTIVATION_DAYS } from '../../common/constants';
import { authCookieOptions, requireMember } from '../plugins/auth';
import { accountOf, deleteAccount, pauseAccount, setInvisible } from '../services/accounts/account';
import { sendReactivationMail } from '../services/accounts/account-mail';
import { blockedMembers, blockMember, unblockMember } from '../services/safety/blocked-members';

const errors = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };

/** Invisible mode, a pause, the blocked members list and deleting the account (SPEC §2, §4). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.get(
    '/api/account.php',
    {
      schema: {
        summary: "The logged-in member's account settings",
        response: { 200: accountResponse, ...errors },
      },
    },
    async (request) => ({ account: await accountOf(db, await requireMember(request, app.services)) }),
  );

  app.put(
    '/api/account.php',
    {
      schema: {
        summary: 'Invisible mode on or off: an invisible member is left out of search and lists',
        body: accountUpdate,
        response: { 200: accountResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { account: await setInvisible(db, memberId, request.body.invisible) };
    },
  );

  app.post(
    '/api/account-pause.php',
    {
      schema: {
        summary: 'A pause instead of deletion: invisible and no e-mail, until turned back on',
        response: { 200: pauseResponse, ...errors },
      },
    },
    async (request) => pauseAccount(db, await requireMember(request, app.services)),
  );

  app.delete(
    '/api/account.php',
    {
      schema: {
        summary: 'Deletes the account after the password; it can be reactivated by mail for 14 days',
        body: accountDeletion,
        response: { 200: accountDeletedResponse, ...errors },
      },
    },
    async (request, reply) => {
      const memberId = await requireMember(request, app.services);
      await deleteAccount(db, memberId, request.body, app.services.now());
      const { maxAge: _, ...cookie } = authCookieOptions(app.services.config.trustProxy);
      reply.clearCookie(AUTH_COOKIE, cookie);
      // The way back, and a warning should someone else have deleted it. Deleted is deleted
      // even when the mail fails; a new link can be asked for on /account-deleted.
      await sendReactivationMail(app.services, memberId).catch((err) =>
        request.log.error({ err, memberId }, 'reactivation mail after deletion failed'),
      );
      return { deleted: true as const, reactivation_days: REACTIVATION_DAYS };
    },
  );

  app.get(
    '/api/blocks.php',
    {
      schema: {
        summary: 'Members the logged-in member blocked, newest first, a page at a time',
        querystring: blocksQuery,
        response: { 200: blocksResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return blockedMembers(db, memberId, request.query.cursor, app.services.now());
    },
  );

  app.post(
    '/api/blocks.php',
    {
      schema: {
        summary: 'Blocks a member of the same site',
        body: blockRequest,
        response: { 200: blockResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await blockMember(app.services, memberId, request.site.id, request.body.member_id);
      return { blocked: true };
    },
  );

  app.delete(
    '/api/blocks.php',
    {
      schema: {
        summary: 'Lifts a block of the logged-in member',
        body: blockRequest,
        response: { 200: blockResponse, ...errors },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await unblockMember(db, memberId, request.body.member_id);
      return { blocked: false };
    },
  );
};
