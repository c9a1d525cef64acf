import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentStatus } from '../../../common/api/payments';
import { PAYMENTS_PER_HOUR } from '../../../common/constants';
import { methodsFor, type PaymentMethod } from '../../../common/rules/payment-methods';
import type { Db, Tx } from '../../db/client';
import { members, paymentEvents, payments, profiles } from '../../db/schema';
import { hitRate } from '../../infra/rate-limit';
import { ApiError } from '../../plugins/errors';
import type { Services } from '../bag';
import type { Site } from '../sites/sites';
import { blockForChargeback } from './direct-debit';
import { type Buyer, buyer, confirmDiscount, lockBuyer } from './discounts';
import { announceBalance, changeBalance } from './ledger';
import { packageOnSale, packagePrice } from './packages';
import type { PaymentProvider } from './provider';
import { quote } from './quote';

export type PaymentRow = typeof payments.$inferSelect;

/** The payment country: the member's own country where the site serves it, else the request's. */
export async function paymentCountry(db: Db, site: Site, memberId: number | null, requestCountry: string) {
  if (memberId !== null) {
    const [p] = await db
      .select({ country: profiles.country })
      .from(profiles)
      .where(eq(profiles.memberId, memberId));
    if (p && site.settings.countries.includes(p.country)) return p.country;
  }
  return requestCountry;
}

export type StartPayment = {
  memberId: number;
  site: Site;
  country: string;
  locale: string;
  packageId: number;
  method: PaymentMethod;
  issuer?: string;
  discountCode?: string;
  recurring?: boolean;
  consumer?: { name: string; iban: string };
  /** Origin of the site as the member's browser sees it: the provider sends the browser back there. */
  origin: string;
  /** Origin the provider can reach for its webhook (the site's public address). */
  webhookOrigin: string;
  log: FastifyBaseLogger;
};

type Order = Omit<StartPayment, 'locale' | 'origin' | 'webhookOrigin' | 'log'>;

/**
 * What an order costs: the package's line of the member's price quote for paying by this method
 * (the best of the code sent, the time bonus and the welcome discount). A code sent with the order
 * that lowers nothing of it is refused (400 `discount_code_not_applicable`).
 */
async function orderPrice(db: Db | Tx, s: Order, b: Buyer, now: Date, lock = false) {
  const pkg = await packageOnSale(db, s.site.id, s.packageId);
  if (!pkg || packagePrice(pkg, s.country) === undefined) throw new ApiError(400, 'package_unknown');
  if (!methodsFor(s.country).includes(s.method)) throw new ApiError(400, 'method_unavailable');
  const quoted = await quote(db, {
    siteId: s.site.id,
    buyer: b,
    country: s.country,
    code: s.discountCode,
    method: s.method,
    now,
    lock,
  });
  const line = quoted.packages.find((l) => l.pkg.id === pkg.id);
  if (!line) throw new ApiError(400, 'package_unknown');
  if (s.discountCode && !line.offer) throw new ApiError(400, 'discount_code_not_applicable');
  return { pkg, currency: quoted.currency, amount: line.amount, offer: line.offer };
}

/** What the order would be charged now (the direct-debit form checks its limit with it). */
export async function priceOrder(services: Services, s: Order) {
  return orderPrice(services.db, s, await buyer(services.db, s.memberId), services.now());
}

/**
 * Starts a payment: the amount from the package table (never the client), a row and its first
 * event, then the provider is asked, outside any transaction. A provider that cannot be reached
 * leaves the payment failed and answers 502 `payment_unavailable`.
 */
export async function startPayment(
  services: Services,
  provider: PaymentProvider,
  s: StartPayment,
): Promise<{ payment: PaymentRow; checkoutUrl: string | null }> {
  const { db } = services;
  const now = services.now();
  // A bad order is refused before it counts against the rate.
  await orderPrice(db, s, await buyer(db, s.memberId), now);
  const rate = await hitRate(db, `payments:${s.memberId}`, PAYMENTS_PER_HOUR, 3600, now);
  if (!rate.allowed) throw new ApiError(429, 'too_many_requests', { retry_after: rate.retryAfterSeconds });

  // Priced again with the member's row locked: checkouts of one member take turns, and the payment
  // row written here holds its code (see discounts.ts), so the next checkout finds it taken.
  const row = await db.transaction(async (tx) => {
    const { pkg, currency, amount, offer } = await orderPrice(
      tx,
      s,
      await lockBuyer(tx, s.memberId),
      now,
      true,
    );
    const [created] = await tx
      .insert(payments)
      .values({
        siteId: s.site.id,
        memberId: s.memberId,
        packageId: pkg.id,
        credits: pkg.credits,
        amount,
        currency,
        country: s.country,
        method: s.method,
        issuer: s.issuer ?? null,
        discountCode: offer?.code ?? null,
        discountPercentage: offer?.percentage ?? 0,
        recurring: s.recurring ?? false,
        provider: provider.name,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('payment not created');
    await tx
      .insert(paymentEvents)
      .values({ paymentId: created.id, status: 'open', source: 'create', createdAt: now });
    return created;
  });

  let remote: Awaited<ReturnType<PaymentProvider['create']>>;
  try {
    remote = await provider.create({
      reference: row.id,
      amountCents: row.amount,
      currency: row.currency,
      description: `${s.site.settings.name} – ${row.credits} credits`,
      method: s.method,
      issuer: s.issuer,
      redirectUrl: `${s.origin}/credits/${row.packageId}/${s.method}?payment=${row.id}`,
      webhookUrl: `${s.webhookOrigin}/api/payment-webhook.php`,
      locale: s.locale,
      consumer: s.consumer,
    });
  } catch (err) {
    s.log.error({ err, payment: row.id }, 'payment provider refused the payment');
    await applyStatus(services, row.id, 'failed', 'provider_error');
    throw new ApiError(502, 'payment_unavailable');
  }
  await db
    .update(payments)
    .set({ providerPaymentId: remote.id, updatedAt: services.now() })
    .where(eq(payments.id, row.id));
  const updated = await applyStatus(services, row.id, remote.status, 'create');
  return { payment: updated ?? row, checkoutUrl: remote.status === 'open' ? remote.checkoutUrl : null };
}

const UNSETTLED: PaymentStatus[] = ['open', 'pending'];

/**
 * Moves a payment to the status its provider reported and, the first time it is paid, grants its
 * credits, makes the member premium and writes the ledger row: one transaction. `credited_at`
 * (and the ledger's unique purchase reference) make a second grant impossible, however many
 * webhooks arrive at once. A settled payment does not move again.
 */
export async function applyStatus(
  services: Services,
  paymentId: string,
  status: PaymentStatus,
  source: string,
): Promise<PaymentRow | null> {
  const now = services.now();
  const result = await services.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(payments)
      .set({ status, updatedAt: now, paidAt: status === 'paid' ? now : null })
      .where(
        and(
          eq(payments.id, paymentId),
          inArray(payments.status, UNSETTLED),
          sql`${payments.status} <> ${status}`,
        ),
      )
      .returning();
    if (moved) await tx.insert(paymentEvents).values({ paymentId, status, source, createdAt: now });
    if (status !== 'paid') return { row: moved ?? null, credits: null };
    await confirmDiscount(tx, paymentId, now);
    const [grant] = await tx
      .update(payments)
      .set({ creditedAt: now })
      .where(
        and(eq(payments.id, paymentId), eq(payments.status, 'paid'), sql`${payments.creditedAt} IS NULL`),
      )
      .returning();
    if (!grant || grant.memberId === null) return { row: grant ?? moved ?? null, credits: null };
    await tx.update(members).set({ paidUser: true }).where(eq(members.id, grant.memberId));
    const entry = await changeBalance(tx, {
      memberId: grant.memberId,
      delta: grant.credits,
      reason: 'purchase',
      reference: paymentId,
      at: now,
    });
    return { row: grant, credits: entry };
  });
  // After commit: the member's open tabs show the new balance at once.
  if (result.credits) announceBalance(services.events, result.credits.memberId, result.credits.balanceAfter);
  return result.row ?? (await paymentById(services.db, paymentId));
}

export async function paymentById(db: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/** The payment a provider knows by its own id (its webhook names only that), or null. */
export async function paymentByProviderId(
  db: Db,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

/**
 * Asks the provider for a payment's state and applies it: the webhook, the return page and the
 * pending page all come here, and none of them is believed on its own word.
 */
export async function refreshPayment(
  services: Services,
  provider: PaymentProvider,
  row: PaymentRow,
  source: string,
): Promise<PaymentRow> {
  if (!row.providerPaymentId || row.provider !== provider.name) return row;
  // A paid payment moves no more, but its bank may still take the money back: a provider tells of
  // that by its webhook, so a webhook for a paid payment is followed up too.
  const chargeback = row.status === 'paid' && source === 'webhook';
  if (!UNSETTLED.includes(row.status) && !chargeback) return row;
  const remote = await provider.get(row.providerPaymentId);
  const moved = UNSETTLED.includes(row.status)
    ? ((await applyStatus(services, row.id, remote.status, source)) ?? row)
    : row;
  if (remote.chargedBack && moved.status === 'paid') await recordChargeback(services, moved);
  return moved;
}

/**
 * A chargeback of a paid payment: recorded once, and the member's direct-debit accounts go on the
 * block list (money/direct-debit.ts), in one transaction. The credits granted stay: taking them
 * back is the console's call (the member may have spent them).
 */
async function recordChargeback(services: Services, row: PaymentRow): Promise<void> {
  const now = services.now();
  await services.db.transaction((tx) => blockForChargeback(tx, row, now));
}

/** A member's own payment, or 404 (another member's id reveals nothing). */
export async function ownPayment(db: Db, memberId: number, id: string): Promise<PaymentRow> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.memberId, memberId)));
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** The member's purchases, newest first (started ones that never reached the provider included). */
export async function memberPayments(db: Db, memberId: number, limit = 200): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.memberId, memberId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}

/** The member's last paid purchase: the repeat order repeats it. */
export async function lastPaid(db: Db, memberId: number): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row ?? null;
}
