import type { CreditPackage, CreditsResponse } from '../../common/api/payments';
import type { PaymentMethod } from '../../common/rules/payment-methods';
import { type Quote, sendCosts } from '../services/money/quote';

/** The price quote as GET /api/credits.php answers it. */
export function presentQuote(
  q: Quote,
  opts: {
    settings: { message_credits: number; photo_credits: number; gift_credits: number };
    methods: PaymentMethod[];
    lastOrder: CreditsResponse['last_order'];
    now: Date;
  },
): CreditsResponse {
  const messageCredits = Math.max(1, opts.settings.message_credits);
  const packages = q.packages.map(
    (l): CreditPackage => ({
      id: l.pkg.id,
      credits: l.pkg.credits,
      price: l.price,
      currency: q.currency,
      discounted_price: l.offer ? l.amount : null,
      price_per_message: Math.round((l.amount * messageCredits) / l.pkg.credits),
      popular: l.pkg.popular,
      discount: l.offer
        ? { code: l.offer.code, value_percentage: l.offer.percentage, source: l.offer.source }
        : null,
    }),
  );
  const a = q.automatic;
  return {
    country: q.country,
    currency: q.currency,
    packages,
    methods: opts.methods,
    discount_code: q.entered,
    automatic: a && {
      code: a.code,
      value_percentage: a.percentage,
      source: a.source,
      expires: a.expires.toISOString(),
      seconds_left: Math.max(0, Math.floor((a.expires.getTime() - opts.now.getTime()) / 1000)),
      reserved: a.reserved,
    },
    costs: sendCosts(q, {
      message: opts.settings.message_credits,
      photo: opts.settings.photo_credits,
      gift: opts.settings.gift_credits,
    }),
    last_order: opts.lastOrder,
  };
}
