import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CreditPackage,
  creditsQuery,
  creditsResponse,
  type DiscountCode,
  discountCodeQuery,
  discountCodeResponse,
  timeBonusResponse,
} from '../../common/api/payments';
import { currencyFor, methodsFor, type PaymentMethod } from '../../common/rules/payment-methods';
import { currentMemberId, requireMember } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { appliesTo, buyer, lookUpCode, timeBonusFor, welcomeCodeFor } from '../services/money/discounts';
import { discounted, packagePrice, packagesOnSale } from '../services/money/packages';
import { lastPaid, paymentCountry } from '../services/money/payments';

/**
 * GET /api/credits.php (packages, prices and methods of the payment country; visitors see them on
 * /pricing), GET /api/discountcode.php (SPEC §7) and GET /api/timebonus.php (SPEC §4).
 */
export const creditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  app.get(
    '/api/credits.php',
    {
      schema: {
        summary: 'Credit packages priced for the payment country, with a discount code applied',
        querystring: creditsQuery,
        response: { 200: creditsResponse },
      },
    },
    async (request) => {
      const memberId = await currentMemberId(request, services);
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      const currency = currencyFor(country);
      let code: DiscountCode | null = null;
      if (request.query.discount_code) {
        if (memberId === null) throw new ApiError(403, 'authentication_required');
        code = await lookUpCode(
          services.db,
          await buyer(services.db, memberId),
          request.query.discount_code,
          country,
          services.now(),
        );
      }
      const messageCredits = Math.max(1, request.site.settings.message_credits);
      const packages: CreditPackage[] = (await packagesOnSale(services.db, request.site.id, country)).map(
        (p) => {
          const price = packagePrice(p, country) as number;
          const reduced =
            code && appliesTo(code, { price, currency }) ? discounted(price, code.value_percentage) : null;
          return {
            id: p.id,
            credits: p.credits,
            price,
            currency,
            discounted_price: reduced,
            price_per_message: Math.round(((reduced ?? price) * messageCredits) / p.credits),
            popular: p.popular,
          };
        },
      );
      const last = memberId === null ? null : await lastPaid(services.db, memberId);
      return {
        country,
        currency,
        packages,
        methods: methodsFor(country),
        discount_code: code,
        last_order: last ? { package_id: last.packageId, method: last.method as PaymentMethod } : null,
      };
    },
  );

  app.get(
    '/api/discountcode.php',
    {
      schema: {
        summary: 'A discount code checked for this member, or the welcome code',
        querystring: discountCodeQuery,
        response: { 200: discountCodeResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const b = await buyer(services.db, memberId);
      const now = services.now();
      if (request.query.welcome === 'true') {
        const welcome = await welcomeCodeFor(services.db, b, now);
        if (!welcome) throw new ApiError(404, 'discount_code_unknown');
        return { discount_code: welcome };
      }
      if (!request.query.code) throw new ApiError(400, 'invalid_input');
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      return { discount_code: await lookUpCode(services.db, b, request.query.code, country, now) };
    },
  );

  app.get(
    '/api/timebonus.php',
    {
      schema: {
        summary: 'The time bonus with its deadline, or null',
        response: { 200: timeBonusResponse },
      },
    },
    async (request) => {
      const memberId = await currentMemberId(request, services);
      if (memberId === null) return { time_bonus: null };
      return {
        time_bonus: await timeBonusFor(services.db, await buyer(services.db, memberId), services.now()),
      };
    },
  );
};
