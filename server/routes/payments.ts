import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsEndpoints } from '../../common/api/endpoints/payments';
import {
  paymentQuery,
  paymentRequest,
  paymentResponse,
  paymentStarted,
  repeatOrderRequest,
  transactionsAnswer,
  transactionsQuery,
} from '../../common/api/payments';
import type { PaymentMethod } from '../../common/rules/payment-methods';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { acceptFormBodies } from '../plugins/form-body';
import { presentInvoice, presentPayment } from '../presenters/payment';
import {
  lastPaid,
  memberPayments,
  ownPayment,
  paymentByProviderId,
  paymentCountry,
  refreshPayment,
  type StartPayment,
  startPayment,
} from '../services/money/payments';

/** Where providers send their reports (exempt from the browser-only CSRF header). */
export const PAYMENT_WEBHOOK_PATH = '/api/payment-webhook.php';

/** Card methods a repeat order charges again without the member at the card page (recurring). */
const CARDS: PaymentMethod[] = ['creditcard', 'postepay', 'nexi', 'cartebancaire', 'dankort'];

/**
 * Payments: start one, follow it, repeat the last one, the provider's webhook, and the
 * member's transactions.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const provider = services.payments;
  acceptFormBodies(app);

  /** Starts the member's payment in their payment country: the answer of both ways to order. */
  const begin = async (
    request: FastifyRequest,
    memberId: number,
    order: Pick<StartPayment, 'packageId' | 'method' | 'issuer' | 'discountCode' | 'recurring'>,
  ) => {
    const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
    const started = await startPayment(services, provider, {
      memberId,
      site: request.site,
      country,
      locale: request.site.settings.domain_language,
      ...order,
      log: request.log,
      origin: `${request.protocol}://${request.host}`,
      webhookOrigin: services.mailer.linkOrigin(request.site.domain),
    });
    return { payment: presentPayment(started.payment), checkout_url: started.checkoutUrl };
  };

  serve(
    app,
    paymentsEndpoints.start,
    {
      summary: 'Start paying for a credit package; the browser goes on to checkout_url',
      schemas: { body: paymentRequest, response: paymentStarted },
      status: 201,
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const started = await begin(request, memberId, {
        packageId: request.body.package_id,
        method: request.body.method,
        issuer: request.body.method === 'ideal' ? request.body.issuer : undefined,
        discountCode: request.body.discount_code,
      });
      return started;
    },
  );

  serve(
    app,
    paymentsEndpoints.get,
    {
      summary: 'One of my payments, its state asked of the provider',
      schemas: { query: paymentQuery, response: paymentResponse },
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

  serve(
    app,
    paymentsEndpoints.repeat,
    {
      summary: 'Buy the last package again with the last method',
      schemas: { body: repeatOrderRequest, response: paymentStarted },
      status: 201,
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const last = await lastPaid(services.db, memberId);
      if (!last) throw new ApiError(404, 'not_found');
      const method = last.method as PaymentMethod;
      const started = await begin(request, memberId, {
        packageId: last.packageId,
        method,
        issuer: last.issuer ?? undefined,
        recurring: CARDS.includes(method),
      });
      return started;
    },
  );

  // The provider's report: only the id is read, and only the provider's own answer is believed. It
  // answers the provider an empty 200, not JSON: a plain route.
  app.post(
    PAYMENT_WEBHOOK_PATH,
    {
      schema: {
        summary: 'Payment provider webhook (form field id); the state is fetched from the provider',
        body: z.object({ id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const row = await paymentByProviderId(services.db, provider.name, request.body.id);
      // An unknown payment changes nothing, and says nothing about which ids exist.
      if (row) await refreshPayment(services, provider, row, 'webhook');
      return reply.status(200).send();
    },
  );

  serve(
    app,
    paymentsEndpoints.transactions,
    {
      summary: 'My purchases, or one with its invoice details',
      schemas: { query: transactionsQuery, response: transactionsAnswer },
    },
    async (request) => {
      const memberId = await requireMember(request, services);
      const refundDays = request.site.settings.refund_days;
      if (!request.query.id) {
        const rows = await memberPayments(services.db, memberId);
        return { transactions: rows.map(presentPayment), refund_days: refundDays };
      }
      const row = await ownPayment(services.db, memberId, request.query.id);
      return { transaction: presentPayment(row), invoice: presentInvoice(request.site.company, refundDays) };
    },
  );
};
