import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../i18n';
import { acceptFormBodies } from '../plugins/form-body';
import { DEMO_OUTCOMES, DEMO_PENDING_MS, type DemoProvider } from '../services/money/demo';
import { paymentByProviderId, refreshPayment } from '../services/money/payments';

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const STYLE = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d1f23}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:1rem;box-shadow:0 4px 24px rgba(0,0,0,.08)}
h1{font-size:1.4rem;margin:0 0 .25rem}.note{color:#555;margin:0 0 1.5rem}.amount{font-size:2rem;font-weight:700;margin:0}
.what{color:#444;margin:0 0 1.5rem}form{display:grid;gap:.75rem}button{font:inherit;padding:.8rem 1rem;border-radius:.6rem;border:2px solid #1d1f23;background:#fff;cursor:pointer;text-align:left}
button:focus-visible{outline:3px solid #b8125c;outline-offset:2px}button.paid{background:#146c43;border-color:#146c43;color:#fff}a{color:#9c0f4e}`;

/** The checkout form's address: it posts without the client header, as a provider's page would. */
export const DEMO_CHECKOUT_PATH = '/demo-checkout/:id';

/** What the tester may post: the outcome of an open payment, or a chargeback of a paid one. */
const OUTCOMES = [...DEMO_OUTCOMES, 'chargeback'] as const;

const idParam = z.object({ id: z.string().regex(/^demo_[A-Za-z0-9_-]{16}$/) });

/**
 * The demo provider's hosted checkout page: the tester decides what the payment does,
 * then the browser goes back to the site, as it would from a real provider's page. Served only
 * when the demo provider is the one in use. Plain server-rendered HTML with forms: no script.
 */
export const demoCheckoutRoutes: FastifyPluginAsyncZod<{ provider: DemoProvider }> = async (
  app,
  { provider },
) => {
  const { services } = app;
  acceptFormBodies(app);

  app.get('/demo-checkout.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css').header('cache-control', 'public, max-age=3600').send(STYLE),
  );

  app.get('/demo-checkout/:id', { schema: { hide: true, params: idParam } }, async (request, reply) => {
    const t = (key: string, vars?: Record<string, string | number>) =>
      translate(request.locale, `demoCheckout.${key}`, vars);
    const row = await provider.checkout(request.params.id);
    if (!row)
      return reply
        .status(404)
        .type('text/html')
        .send(page(request.locale, t('title'), `<p>${esc(t('unknown'))}</p>`));
    const amount = new Intl.NumberFormat(request.locale, {
      style: 'currency',
      currency: row.currency,
    }).format(row.amount / 100);
    const method = translate(request.locale, `paymentMethods.${row.method}`);
    // A paid payment can be charged back, as the member's bank may do weeks later.
    const chargeback = (r: typeof row) =>
      r.chargedBackAt
        ? `<p>${esc(t('chargedBack'))}</p>`
        : r.status === 'paid'
          ? `<form method="post" action="/demo-checkout/${esc(r.id)}"><button type="submit" name="outcome" value="chargeback">${esc(t('chargeBack'))}</button></form>`
          : '';
    const body =
      row.status === 'open'
        ? `<form method="post" action="/demo-checkout/${esc(row.id)}">
${DEMO_OUTCOMES.map((o) => `<button type="submit" name="outcome" value="${o}" class="${o}">${esc(t(`outcome.${o}`))}</button>`).join('\n')}
</form>`
        : `<p>${esc(t('decided'))}</p>${chargeback(row)}<p><a href="${esc(row.redirectUrl)}">${esc(t('back'))}</a></p>`;
    return reply
      .type('text/html')
      .send(
        page(
          request.locale,
          t('title'),
          `<p class="note">${esc(t('note'))}</p><p class="amount">${esc(amount)}</p><p class="what">${esc(row.description)} · ${esc(method)}</p>${body}`,
        ),
      );
  });

  // The member's bank takes a paid payment back (weeks later, for a direct debit); the provider
  // then calls the webhook, as here. The tester is sent back to the payment's page.
  const chargeBack = async (id: string, reply: FastifyReply) => {
    if (!(await provider.checkout(id))) return reply.status(404).send();
    if (await provider.chargeBack(id)) {
      const payment = await paymentByProviderId(services.db, provider.name, id);
      if (payment) await refreshPayment(services, provider, payment, 'webhook');
    }
    return reply.redirect(`/demo-checkout/${id}`, 303);
  };

  app.post(
    DEMO_CHECKOUT_PATH,
    { schema: { hide: true, params: idParam, body: z.object({ outcome: z.enum(OUTCOMES) }) } },
    async (request, reply) => {
      const { outcome } = request.body;
      if (outcome === 'chargeback') return chargeBack(request.params.id, reply);
      const decided = await provider.decide(request.params.id, outcome);
      const row = await provider.checkout(request.params.id);
      if (!row) return reply.status(404).send();
      // What a real provider's webhook would do: our side asks the provider and applies its answer.
      const notify = async () => {
        const payment = await paymentByProviderId(services.db, provider.name, row.id);
        if (payment) await refreshPayment(services, provider, payment, 'webhook');
      };
      if (decided) await notify();
      if (decided && outcome === 'pending') {
        setTimeout(
          () => void notify().catch((err) => request.log.warn({ err }, 'demo payment update failed')),
          DEMO_PENDING_MS + 100,
        ).unref();
      }
      return reply.redirect(row.redirectUrl, 303);
    },
  );
};

function page(lang: string, title: string, content: string): string {
  return `<!doctype html><html lang="${esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="/demo-checkout.css"></head><body><main><h1>${esc(title)}</h1>${content}</main></body></html>`;
}
