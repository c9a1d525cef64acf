import type { DiscountCode } from '../../../common/api/payments';
import { currencyFor, type PaymentMethod } from '../../../common/rules/payment-methods';
import type { Db, Tx } from '../../db/client';
import { ApiError } from '../../plugins/errors';
import {
  appliesTo,
  type Buyer,
  FIRST_PURCHASE_CODES,
  heldBy,
  lookUpCode,
  timeBonusFor,
  welcomeCodeFor,
} from './discounts';
import { type CreditPackageRow, discounted, packagePrice, packagesOnSale } from './packages';

export type DiscountSource = 'code' | 'time_bonus' | 'welcome';

/** A discount as it lowers one package. */
export type Offer = { code: string; percentage: number; source: DiscountSource };

export type QuotedPackage = {
  pkg: CreditPackageRow;
  /** The list price in cents of the quote's currency. */
  price: number;
  /** What the member pays: the list price less the best offer. */
  amount: number;
  offer: Offer | null;
};

/**
 * The discount a member has without typing a code. `reserved`: a checkout the member has not
 * finished holds it, so the prices leave it out until that checkout settles or its hold ends.
 */
export type AutomaticDiscount = {
  code: string;
  percentage: number;
  source: 'time_bonus' | 'welcome';
  expires: Date;
  reserved: boolean;
};

export type Quote = {
  country: string;
  currency: string;
  packages: QuotedPackage[];
  /** The typed code, accepted. */
  entered: DiscountCode | null;
  automatic: AutomaticDiscount | null;
};

export type QuoteRequest = {
  siteId: number;
  /** Null for a visitor: list prices. */
  buyer: Buyer | null;
  country: string;
  /** A code the member typed (upper case). */
  code?: string;
  /** The prices of paying by this method: a code may allow only some. */
  method?: PaymentMethod;
  now: Date;
  /** In a checkout's transaction: the typed code's row stays locked until it ends. */
  lock?: boolean;
};

/**
 * The time bonus while it runs (it comes before the welcome discount), else the welcome discount,
 * for a member who has not paid; null otherwise.
 */
export async function automaticDiscount(db: Db | Tx, b: Buyer, now: Date): Promise<AutomaticDiscount | null> {
  if (b.paidUser) return null;
  let found: Omit<AutomaticDiscount, 'reserved'> | null = null;
  const bonus = await timeBonusFor(db, b, now);
  if (bonus)
    found = {
      code: bonus.code,
      percentage: bonus.value_percentage,
      source: 'time_bonus',
      expires: new Date(bonus.expires),
    };
  else {
    const welcome = await welcomeCodeFor(db, b, now);
    if (welcome?.expires)
      found = {
        code: welcome.code,
        percentage: welcome.value_percentage,
        source: 'welcome',
        expires: new Date(welcome.expires),
      };
  }
  if (!found) return null;
  return { ...found, reserved: await heldBy(db, b.id, FIRST_PURCHASE_CODES, now) };
}

/**
 * The price of every package on sale for a member (or a visitor) in the payment country: each at
 * the best of the typed code, the running time bonus and the welcome discount, so a code never
 * raises a price. The pages show this quote and a checkout charges it.
 *
 * A typed code is refused with the reason (unknown, expired, used, held by an unfinished checkout,
 * at its maximum, not for this country) as before; also when it lowers no package (400
 * `discount_code_not_applicable`), and when it lowers no package more than the automatic discount
 * does (400 `discount_code_worse`, with that discount's `percentage`). A code that leaves out the
 * quote's `method` just does not lower the prices of paying that way.
 */
export async function quote(db: Db | Tx, r: QuoteRequest): Promise<Quote> {
  const currency = currencyFor(r.country);
  const rows = await packagesOnSale(db, r.siteId, r.country);
  const automatic = r.buyer ? await automaticDiscount(db, r.buyer, r.now) : null;
  let entered: DiscountCode | null = null;
  if (r.code) {
    if (!r.buyer) throw new ApiError(403, 'authentication_required');
    entered = await lookUpCode(db, r.buyer, r.code, r.country, r.now, { lock: r.lock });
  }
  const auto = automatic && !automatic.reserved ? automatic : null;
  // The automatic discount typed in by its name is just that discount.
  const typed = entered && entered.code !== auto?.code ? entered : null;
  const lines = rows.map((pkg) => ({ pkg, price: packagePrice(pkg, r.country) as number }));

  if (typed) {
    const lowered = lines.filter((l) => appliesTo(typed, { price: l.price, currency }));
    if (lowered.length === 0) throw new ApiError(400, 'discount_code_not_applicable');
    const better = lowered.some(
      (l) => discounted(l.price, typed.value_percentage) < discounted(l.price, auto?.percentage ?? 0),
    );
    if (auto && !better) throw new ApiError(400, 'discount_code_worse', { percentage: auto.percentage });
  }

  const packages = lines.map(({ pkg, price }): QuotedPackage => {
    const offers: Offer[] = [];
    if (auto) offers.push({ code: auto.code, percentage: auto.percentage, source: auto.source });
    if (typed && appliesTo(typed, { price, currency, method: r.method }))
      offers.push({ code: typed.code, percentage: typed.value_percentage, source: 'code' });
    let best: Offer | null = null;
    let amount = price;
    // Strictly lower only: on a tie the automatic discount stays, and a once-per-member code is kept.
    for (const offer of offers) {
      const lowered = discounted(price, offer.percentage);
      if (lowered < amount) {
        amount = lowered;
        best = offer;
      }
    }
    return { pkg, price, amount, offer: best };
  });
  return { country: r.country, currency, packages, entered, automatic };
}

export type SendCost = { credits: number; min: number | null; max: number | null };

/**
 * What a message, a photo and a gift cost: their credits (the site's prices; a gift of its own price
 * says so where it is chosen) and what those credits cost at the quote's prices, from the package
 * with the cheapest credit to the one with the dearest, in cents.
 */
export function sendCosts(
  q: Quote,
  credits: { message: number; photo: number; gift: number },
): { message: SendCost; photo: SendCost; gift: SendCost } {
  const perCredit = q.packages.map((l) => l.amount / l.pkg.credits);
  const cost = (n: number): SendCost =>
    perCredit.length === 0
      ? { credits: n, min: null, max: null }
      : {
          credits: n,
          min: Math.round(n * Math.min(...perCredit)),
          max: Math.round(n * Math.max(...perCredit)),
        };
  return { message: cost(credits.message), photo: cost(credits.photo), gift: cost(credits.gift) };
}
