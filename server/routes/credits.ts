import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditsEndpoints } from '../../common/api/endpoints/credits';
import {
  creditsQuery,
  creditsResponse,
  discountCodeQuery,
  discountCodeResponse,
  timeBonusResponse,
} from '../../common/api/payments';
import { methodsFor, type PaymentMethod } from '../../common/rules/payment-methods';
import { currentMemberId, requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { presentQuote } from '../presenters/quote';
import { buyer, lookUpCode, timeBonusFor, welcomeCodeFor } from '../services/money/discounts';
import { lastPaid, paymentCountry } from '../services/money/payments';
import { quote } from '../services/money/quote';

/**
 * GET /api/credits.php (packages, prices and methods of the payment country; visitors see them on
 * /pricing), GET /api/discountcode.php and GET /api/timebonus.php.
 */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  serve(
    app,
    creditsEndpoints.quote,
    {
      summary:
        'The price quote: each package at the best of the code asked about, the time bonus and the welcome discount; what a message, a photo and a gift cost',
      schemas: { query: creditsQuery, response: creditsResponse },
    },
    async (request) => {
      const memberId = await currentMemberId(request, services);
      if (request.query.discount_code && memberId === null)
        throw new ApiError(403, 'authentication_required');
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      const now = services.now();
      const quoted = await quote(services.db, {
        siteId: request.site.id,
        buyer: memberId === null ? null : await buyer(services.db, memberId),
        country,
        code: request.query.discount_code,
        method: request.query.method,
        now,
      });
      const last = memberId === null ? null : await lastPaid(services.db, memberId);
      return presentQuote(quoted, {
        settings: request.site.settings,
        methods: methodsFor(country),
        lastOrder: last ? { package_id: last.packageId, method: last.method as PaymentMethod } : null,
        now,
      });
    },
  );

  serve(
    app,
    creditsEndpoints.discountCode,
    {
      summary:
        'A discount code checked for this member (404/400/409 when it does not hold), or with welcome=true the welcome code, null when no welcome offer holds for the member',
      schemas: { query: discountCodeQuery, response: discountCodeResponse },
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const b = await buyer(services.db, memberId);
      const now = services.now();
      if (request.query.welcome === 'true') {
        // Most members have no welcome offer (paid, or past its hours): an answer, not an error.
        return { discount_code: await welcomeCodeFor(services.db, b, now) };
      }
      if (!request.query.code) throw new ApiError(400, 'invalid_input');
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      return { discount_code: await lookUpCode(services.db, b, request.query.code, country, now) };
    },
  );

  serve(
    app,
    creditsEndpoints.timeBonus,
    { summary: 'The time bonus with its deadline, or null', schemas: { response: timeBonusResponse } },
    async (request) => {
      const memberId = await currentMemberId(request, services);
      if (memberId === null) return { time_bonus: null };
      return {
        time_bonus: await timeBonusFor(services.db, await buyer(services.db, memberId), services.now()),
      };
    },
  );
};
