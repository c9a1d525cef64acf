import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '../../common/api/endpoints/account';
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
import { REACTIVATION_DAYS } from '../../common/constants';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { clearAuthCookie } from '../plugins/session-cookie';
import { accountOf, deleteAccount, pauseAccount, setInvisible } from '../services/accounts/account';
import { sendReactivationMail } from '../services/accounts/account-mail';
import { blockedMembers, blockMember, unblockMember } from '../services/safety/blocked-members';

const errors = [400, 403, 404, 429] as const;

/** Invisible mode, a pause, the blocked members list and deleting the account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  serve(
    app,
    accountEndpoints.get,
    { summary: "The logged-in member's account settings", schemas: { response: accountResponse }, errors },
    async (request) => ({ account: await accountOf(db, await requireMember(request, app.services)) }),
  );

  serve(
    app,
    accountEndpoints.update,
    {
      summary: 'Invisible mode on or off: an invisible member is left out of search and lists',
      schemas: { body: accountUpdate, response: accountResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return { account: await setInvisible(db, memberId, request.body.invisible) };
    },
  );

  serve(
    app,
    accountEndpoints.pause,
    {
      summary: 'A pause instead of deletion: invisible and no e-mail, until turned back on',
      schemas: { response: pauseResponse },
      errors,
    },
    async (request) => pauseAccount(db, await requireMember(request, app.services)),
  );

  serve(
    app,
    accountEndpoints.delete,
    {
      summary: 'Deletes the account after the password; it can be reactivated by mail for 14 days',
      schemas: { body: accountDeletion, response: accountDeletedResponse },
      errors,
    },
    async (request, reply) => {
      const memberId = await requireMember(request, app.services);
      await deleteAccount(app.services, memberId, request.body, app.services.now());
      clearAuthCookie(reply, app.services);
      // The way back, and a warning should someone else have deleted it. Deleted is deleted
      // even when the mail fails; a new link can be asked for on /account-deleted.
      await sendReactivationMail(app.services, memberId).catch((err) =>
        request.log.error({ err, memberId }, 'reactivation mail after deletion failed'),
      );
      return { deleted: true as const, reactivation_days: REACTIVATION_DAYS };
    },
  );

  serve(
    app,
    accountEndpoints.blocks,
    {
      summary: 'Members the logged-in member blocked, newest first, a page at a time',
      schemas: { query: blocksQuery, response: blocksResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      return blockedMembers(db, memberId, request.query.cursor, app.services.now());
    },
  );

  serve(
    app,
    accountEndpoints.block,
    {
      summary: 'Blocks a member of the same site',
      schemas: { body: blockRequest, response: blockResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await blockMember(app.services, memberId, request.site.id, request.body.member_id);
      return { blocked: true };
    },
  );

  serve(
    app,
    accountEndpoints.unblock,
    {
      summary: 'Lifts a block of the logged-in member',
      schemas: { body: blockRequest, response: blockResponse },
      errors,
    },
    async (request) => {
      const memberId = await requireMember(request, app.services);
      await unblockMember(db, memberId, request.body.member_id);
      return { blocked: false };
    },
  );
};
