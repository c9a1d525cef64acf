import { randomBytes } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../common/api/payments';
import type { Db } from '../../db/client';
import { demoPayments } from '../../db/schema';
import type { CreatePayment, PaymentProvider, ProviderPayment, ProviderRefund } from './provider';

/** How long a "pending, then paid" demo payment (and a demo direct debit) stays pending. */
export const DEMO_PENDING_MS = 4_000;

/** What the tester chooses on the demo checkout page. */
export const DEMO_OUTCOMES = ['paid', 'failed', 'canceled', 'pending'] as const;
export type DemoOutcome = (typeof DEMO_OUTCOMES)[number];

/**
 * The built-in provider, the default: no money moves. Its checkout page (routes/
 * demo-checkout.ts) lets a tester choose the outcome. Its payments live in the database, so any
 * instance answers for them. A direct debit needs no page: it is pending, then paid.
 */
export class DemoProvider implements PaymentProvider {
  readonly name = 'demo' as const;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async create(p: CreatePayment): Promise<ProviderPayment> {
    const id = `demo_${randomBytes(12).toString('base64url')}`;
    const direct = p.method === 'directdebit';
    await this.db.insert(demoPayments).values({
      id,
      amount: p.amountCents,
      currency: p.currency,
      description: p.description,
      method: p.method,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      status: direct ? 'pending' : 'open',
      paidAfter: direct ? new Date(this.now().getTime() + DEMO_PENDING_MS) : null,
      createdAt: this.now(),
    });
    return {
      id,
      status: direct ? 'pending' : 'open',
      checkoutUrl: direct ? null : `${new URL(p.redirectUrl).origin}/demo-checkout/${id}`,
    };
  }

  async get(id: string): Promise<ProviderPayment> {
    // A pending payment whose moment has come is paid now, whoever asks first.
    await this.db
      .update(demoPayments)
      .set({ status: 'paid' })
      .where(
        and(
          eq(demoPayments.id, id),
          eq(demoPayments.status, 'pending'),
          lte(demoPayments.paidAfter, this.now()),
        ),
      );
    const row = await this.checkout(id);
    if (!row) throw new Error(`unknown demo payment ${id}`);
    return { id, status: row.status, checkoutUrl: null, chargedBack: row.chargedBackAt !== null };
  }

  /**
   * The tester plays the member's bank taking a paid payment back (a reversed direct debit), as a
   * provider would then report it: true when it was paid and not charged back before.
   */
  async chargeBack(id: string): Promise<boolean> {
    const [row] = await this.db
      .update(demoPayments)
      .set({ chargedBackAt: this.now() })
      .where(
        and(
          eq(demoPayments.id, id),
          eq(demoPayments.status, 'paid'),
          sql`${demoPayments.chargedBackAt} is null`,
        ),
      )
      .returning({ id: demoPayments.id });
    return row !== undefined;
  }

  /**
   * Records a refund as a provider would refuse or accept it: only of a paid payment, in its
   * currency, and never more in total than was paid.
   */
  async refund(id: string, amountCents: number, currency: string): Promise<ProviderRefund> {
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new Error('Invalid refund amount');
    const [row] = await this.db
      .update(demoPayments)
      .set({ refundedAmount: sql`${demoPayments.refundedAmount} + ${amountCents}` })
      .where(
        and(
          eq(demoPayments.id, id),
          eq(demoPayments.status, 'paid'),
          eq(demoPayments.currency, currency),
          sql`${demoPayments.refundedAmount} + ${amountCents} <= ${demoPayments.amount}`,
        ),
      )
      .returning({ id: demoPayments.id });
    if (!row) throw new Error(`demo payment ${id} cannot be refunded ${amountCents} ${currency}`);
    return { id: `demo_re_${randomBytes(9).toString('base64url')}`, status: 'refunded' };
  }

  /** The payment the checkout page shows, or null. */
  async checkout(id: string) {
    const [row] = await this.db.select().from(demoPayments).where(eq(demoPayments.id, id));
    return row ?? null;
  }

  /** The tester's choice; only an open payment can be decided. Returns where to send the browser. */
  async decide(
    id: string,
    outcome: DemoOutcome,
  ): Promise<{ redirectUrl: string; webhookUrl: string } | null> {
    const status: PaymentStatus = outcome;
    const [row] = await this.db
      .update(demoPayments)
      .set({
        status,
        paidAfter: outcome === 'pending' ? new Date(this.now().getTime() + DEMO_PENDING_MS) : null,
      })
      .where(and(eq(demoPayments.id, id), eq(demoPayments.status, 'open')))
      .returning();
    return row ? { redirectUrl: row.redirectUrl, webhookUrl: row.webhookUrl } : null;
  }
}
