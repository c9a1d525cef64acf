import type { CreditPackage, DiscountCode } from '../../../common/api/payments';
import type { PaymentMethod } from '../../../common/rules/payment-methods';

export type DiscountSource = 'entered' | 'timeBonus' | 'welcome';
export type ActiveDiscount = { code: string; source: DiscountSource; endsAt: number | null };

export type DiscountCandidates = {
  /** A logged-in member who has not paid yet: only they get the time bonus and the welcome code. */
  eligible: boolean;
  /** The code the member typed and the server accepted. */
  entered: string | null;
  /** The running time bonus with its deadline (ms since epoch, measured from the server's seconds_left). */
  timeBonus: { code: string; endsAt: number } | null;
  welcome: DiscountCode | null;
  /** Codes the server refused to price with on this page (used or expired meanwhile). */
  refused: readonly string[];
  now: number;
};

/**
 * Which discount the prices use: a code the member entered wins; otherwise the running time bonus,
 * which SPEC §4 puts before the welcome code; otherwise the welcome code while it holds.
 */
export function chooseDiscount(c: DiscountCandidates): ActiveDiscount | null {
  const usable = (code: string) => !c.refused.includes(code);
  if (c.entered && usable(c.entered)) return { code: c.entered, source: 'entered', endsAt: null };
  if (!c.eligible) return null;
  if (c.timeBonus && c.timeBonus.endsAt > c.now && usable(c.timeBonus.code))
    return { code: c.timeBonus.code, source: 'timeBonus', endsAt: c.timeBonus.endsAt };
  const w = c.welcome;
  if (w && w.status === 'active' && !w.expired && usable(w.code)) {
    const endsAt = w.expires ? Date.parse(w.expires) : null;
    if (endsAt === null || endsAt > c.now) return { code: w.code, source: 'welcome', endsAt };
  }
  return null;
}

/**
 * The code to pay a package with, by a method: the one the prices were computed with, where it
 * lowered this package's price (a minimum order can leave a small package out) and the code allows
 * the method. Anything else would be refused by the server, so it is not sent.
 */
export function codeFor(pkg: CreditPackage, method: PaymentMethod | null, applied: DiscountCode | null) {
  if (!applied || pkg.discounted_price === null) return null;
  if (method && applied.paymentmethods.length > 0 && !applied.paymentmethods.includes(method)) return null;
  return applied.code;
}

/** What the member pays for a package by a method, and the list price when a discount lowers it. */
export function priceFor(pkg: CreditPackage, method: PaymentMethod | null, applied: DiscountCode | null) {
  const code = codeFor(pkg, method, applied);
  return code && pkg.discounted_price !== null
    ? { amount: pkg.discounted_price, listPrice: pkg.price, code, percentage: applied?.value_percentage ?? 0 }
    : { amount: pkg.price, listPrice: null, code: null, percentage: 0 };
}
