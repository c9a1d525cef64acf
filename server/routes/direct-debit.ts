import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directDebitCodeSent, directDebitRequest, directDebitResponse } from '../../common/api/direct-debit';
import { directDebitEndpoints } from '../../common/api/endpoints/direct-debit';
import { paymentStarted } from '../../common/api/payments';
import { SMS_CODE_MINUTES } from '../../common/constants';
import { normalIban, normalMobile } from '../../common/rules/bank-details';
import { methodsFor } from '../../common/rules/payment-methods';
import { translate } from '../i18n';
import { requireMember } from '../plugins/auth';
import { serve } from '../plugins/endpoint';
import { ApiError } from '../plugins/errors';
import { presentPayment } from '../presenters/payment';
import {
  checkDirectDebit,
  consumeSmsCode,
  phoneHint,
  recordMandate,
  sendSmsCode,
} from '../services/money/direct-debit';
import { paymentCountry, priceOrder, startPayment } from '../services/money/payments';

/**
 * POST /api/directdebit.php (the direct-debit form): without `code` it checks the details and
 * sends an SMS code to the mobile number; with the code it records the mandate and starts the debit.
 */
export const directDebitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;

  serve(
    app,
    directDebitEndpoints.submit,
    {
      summary: 'Direct debit: send the SMS code, or confirm it and start the debit',
      schemas: { body: directDebitRequest, response: directDebitResponse },
      successSchemas: { 200: directDebitCodeSent, 201: paymentStarted },
    },
    async (request, reply) => {
      const memberId = await requireMember(request, services);
      const body = request.body;
      const country = await paymentCountry(services.db, request.site, memberId, request.selectedCountry);
      if (!methodsFor(country).includes('directdebit')) throw new ApiError(400, 'method_unavailable');
      const phone = normalMobile(body.phone, country);
      if (!phone)
        throw new ApiError(400, 'invalid_input', {
          fields: { phone: translate(request.locale, 'validation.phone') },
        });
      const iban = normalIban(body.iban) as string; // the schema let only valid IBANs through
      const order = {
        memberId,
        site: request.site,
        country,
        packageId: body.package_id,
        method: 'directdebit' as const,
        discountCode: body.discount_code,
      };
      const { amount } = await priceOrder(services, order);
      await checkDirectDebit(services, memberId, iban, amount);

      if (!body.code) {
        await sendSmsCode(services, memberId, phone, (code) =>
          translate(request.locale, 'sms.directDebitCode', { code, site: request.site.settings.name }),
        );
        return reply
          .status(200)
          .send({ code_sent: true, phone_hint: phoneHint(phone), expires_in: SMS_CODE_MINUTES * 60 });
      }
      await consumeSmsCode(services, memberId, phone, body.code);
      const started = await startPayment(services, services.payments, {
        ...order,
        locale: request.site.settings.domain_language,
        consumer: { name: body.account_holder, iban },
        origin: `${request.protocol}://${request.host}`,
        webhookOrigin: services.mailer.linkOrigin(request.site.domain),
        log: request.log,
      });
      await recordMandate(services, {
        memberId,
        accountHolder: body.account_holder,
        iban,
        address: body.address,
        postalCode: body.postal_code,
        city: body.city,
        phone,
        paymentId: started.payment.id,
      });
      return reply.status(201).send({ payment: presentPayment(started.payment), checkout_url: null });
    },
  );
};
