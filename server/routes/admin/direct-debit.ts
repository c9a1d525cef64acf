import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addDirectDebitBlockRequest,
  directDebitBlockResponse,
  directDebitBlocksResponse,
  removeDirectDebitBlockRequest,
  removedResponse,
} from '../../../common/api/admin/direct-debit';
import { adminDirectDebitEndpoints } from '../../../common/api/endpoints/admin/direct-debit';
import { normalIban } from '../../../common/rules/bank-details';
import { serve } from '../../plugins/endpoint';
import { requireStaff } from '../../plugins/staff-auth';
import {
  addDirectDebitBlock,
  directDebitBlockList,
  removeDirectDebitBlock,
} from '../../services/money/direct-debit';

const tags = ['admin'];
// The schemas let only valid IBANs through; the list keeps the form's normal form of them.
const normal = (iban: string) => normalIban(iban) as string;

/**
 * The direct-debit block list (admin: money): the accounts a direct debit is refused for. Adding
 * and removing write their audit row in the same transaction.
 */
export const adminDirectDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  serve(
    app,
    adminDirectDebitEndpoints.list,
    {
      summary: 'The accounts blocked for direct debit, newest first (admin)',
      tags,
      schemas: { response: directDebitBlocksResponse },
      errors: [403],
    },
    async (request, reply) => {
      await requireStaff(request, reply, services, 'admin');
      return { blocks: await directDebitBlockList(services) };
    },
  );

  serve(
    app,
    adminDirectDebitEndpoints.add,
    {
      summary: 'Blocks an account for direct debit, with a reason (admin)',
      tags,
      schemas: { body: addDirectDebitBlockRequest, response: directDebitBlockResponse },
      errors: [400, 403, 409],
      status: 201,
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      const block = await addDirectDebitBlock(
        services,
        { staffId: staff.id, staffName: staff.name },
        normal(request.body.iban),
        request.body.reason,
      );
      return { block };
    },
  );

  serve(
    app,
    adminDirectDebitEndpoints.remove,
    {
      summary: 'Lifts the block of an account, with a reason (admin)',
      tags,
      schemas: { body: removeDirectDebitBlockRequest, response: removedResponse },
      errors: [400, 403, 404],
    },
    async (request, reply) => {
      const staff = await requireStaff(request, reply, services, 'admin');
      await removeDirectDebitBlock(services, staff.id, normal(request.body.iban), request.body.reason);
      return { removed: true as const };
    },
  );
};
