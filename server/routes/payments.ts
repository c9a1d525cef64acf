import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentQuery,
  paymentRequest,
  paymentResponse,
  paymentStarted,
  transactionResponse,
  transactionsQuery,
  transactionsResponse,
} from '../../common/api/payments';
import type { PaymentMethod } from '../../common/rules/payment-methods';
import { payments } from '../db/schema';
import { requireMember } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { acceptFormBodies } from '../plugins/form-body';
import {
  lastPaid,
  memberPayments,
  ownPayment,
  paymentCountry,
  presentPayment,
  refreshPayment,
  startPayment,
} from '../services/money/payments';

/** Where providers send their reports (exempt from the browser-only CSRF header). */
export const PAYMENT_WEBHOOK_PATH = '/api/payment-webhook.php';

/** Card methods a repeat order charges again without the member at the card page (recurring). */
const CARDS: PaymentMethod[] = ['creditcard', 'postepay', 'nexi', 'cartebancaire', 'dankort'];

/**
 * Payments (issue 6): start one, follow it, repeat the last one, the provider's webhook, and the
 * member's transactions.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const provider = services.payments;
  acceptFormBodies(app);

  const origins = (request: FastifyRequest) => ({
    origin: `${request.protocol}://${request.host}`,
    webhookOrigin: services.mailer.linkOrigin(request.site.domain),
  });

  app.post(
    '/api/payments.php',
    {
      schema: {
        summary: 'Start paying for a credit package; the browser goes on to checkout_url',
        body: paymentRequest,
        response: { 201: paymentStarted },
      },
    },
    async (request, reply) => {
      const memberId = await requireMember(request, services);
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      const started = await startPayment(services, provider, {
        memberId,
        site: request.site,
        country,
        locale: request.site.settings.domain_language,
        packageId: request.body.package_id,
        method: request.body.method,
        issuer: request.body.method === 'ideal' ? request.body.issuer : undefined,
        discountCode: request.body.discount_code,
        log: request.log,
        ...origins(request),
      });
      return reply
        .status(201)
        .send({ payment: presentPayment(started.payment), checkout_url: started.checkoutUrl });
    },
  );

  app.get(
    '/api/payments.php',
    {
      schema: {
        summary: 'One of my payments, its state asked of the provider',
        querystring: paymentQuery,
        response: { 200: paymentResponse },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const row = await ownPayment(services.db, memberId, request.query.id);
      try {
        return { payment: presentPayment(await refreshPayment(services, provider, row, 'poll')) };
      } catch (err) {
        // The provider is away: the member sees the state we know; the webhook will come.
        request.log.warn({ err, payment: row.id }, 'payment state could not be refreshed');
        return { payment: presentPayment(row) };
      }
    },
  );

  app.post(
    '/api/repeat-order.php',
    {
      schema: {
        summary: 'Buy the last package again with the last method',
        body: z.object({}).optional(),
        response: { 201: paymentStarted },
      },
    },
    async (request, reply) => {
      const memberId = await requireMember(request, services);
      const last = await lastPaid(services.db, memberId);
      if (!last) throw new ApiError(404, 'not_found');
      const method = last.method as PaymentMethod;
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      const started = await startPayment(services, provider, {
        memberId,
        site: request.site,
        country,
        locale: request.site.settings.domain_language,
        packageId: last.packageId,
        method,
        issuer: last.issuer ?? undefined,
        recurring: CARDS.includes(method),
        log: request.log,
        ...origins(request),
      });
      return reply
        .status(201)
        .send({ payment: presentPayment(started.payment), checkout_url: started.checkoutUrl });
    },
  );

  // The provider's report: only the id is read, and only the provider's own answer is believed.
  app.post(
    PAYMENT_WEBHOOK_PATH,
    {
      schema: {
        summary: 'Payment provider webhook (form field id); the state is fetched from the provider',
        body: z.object({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const [row] = await services.db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, request.body.id)));
      // An unknown payment changes nothing, and says nothing about which ids exist.
      if (row) await refreshPayment(services, provider, row, 'webhook');
      return reply.status(200).send();
    },
  );

  app.get(
    '/api/transactions.php',
    {
      schema: {
        summary: 'My purchases, or one with its invoice details',
        querystring: transactionsQuery,
        response: { 200: z.union([transactionsResponse, transactionResponse]) },
      },
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const refundDays = request.site.settings.refund_days;
      if (!request.query.id) {
        const rows = await memberPayments(services.db, memberId);
        return { transactions: rows.map(presentPayment), refund_days: refundDays };
      }
      const row = await ownPayment(services.db, memberId, request.query.id);
      const c = request.site.company;
      return {
        transaction: presentPayment(row),
        invoice: {
          company: c.name,
          address: c.address,
          postal_code: c.postal_code,
          city: c.city,
          country: c.country,
          kvk: c.kvk,
          vat_numbers: c.vat_numbers,
          refund_days: refundDays,
        },
      };
    },
  );
};
