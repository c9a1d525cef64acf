import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { currencyFor, methodsFor } from '../../common/rules/payment-methods';
import type { Db } from '../db/client';
import { creditPackages } from '../db/schema';
import { type CreditPackageRow, packagePrice } from '../services/money/packages';
import type { Column } from './bulk';
import type { DemoMember } from './people';
import type { Rng } from './rng';
import { HISTORY_DAYS, pickSource, signupTracking } from './traffic';

/**
 * The recent history of a batch of demo members, for the console's figures: the days
 * they were active, the traffic source of recent signups, and purchases of paid members who were
 * active lately, paid through the demo provider with their site's packages. Built per batch like
 * every other row of a member, in proportion to the batch.
 */

const DAY_MS = 86_400_000;
/** Chance that a member was also active on any one day between signing up (or the window) and last active. */
const ACTIVE_DAY_SHARE = 0.05;
/** Share of recent signups that came through a tracked visit. */
const TRACKED_SIGNUP_SHARE = 0.75;
/** Share of paid members active within the window who bought again in it. */
const RECENT_BUYER_SHARE = 0.5;

export type SeedPackages = Map<number, CreditPackageRow[]>;

/** Each site's packages on sale, for the demo purchases. */
export async function loadSeedPackages(db: Db): Promise<SeedPackages> {
  const rows = await db.select().from(creditPackages).where(eq(creditPackages.active, true));
  const bySite: SeedPackages = new Map();
  for (const row of rows) bySite.set(row.siteId, [...(bySite.get(row.siteId) ?? []), row]);
  return bySite;
}

type Purchase = {
  id: string;
  providerId: string;
  memberIndex: number;
  pkg: CreditPackageRow;
  amount: number;
  currency: string;
  country: string;
  method: string;
  at: Date;
};

/**
 * Lets some paid members of the batch buy a package within the window: the purchase joins their
 * ledger (reason 'purchase', naming its payment) and balance before the batch becomes rows, so
 * credits keep matching the ledger. Returns what to write to payments and demo_payments.
 */
export function addRecentPurchases(input: {
  batch: DemoMember[];
  packages: SeedPackages;
  now: Date;
  rng: Rng;
}): Purchase[] {
  const { batch, packages, now, rng } = input;
  const windowStart = now.getTime() - HISTORY_DAYS * DAY_MS;
  const purchases: Purchase[] = [];
  batch.forEach((member, memberIndex) => {
    if (member.login || !member.paidUser || member.lastActiveAt.getTime() < windowStart) return;
    if (!rng.chance(RECENT_BUYER_SHARE)) return;
    const onSale = (packages.get(member.site.id) ?? []).filter(
      (p) => packagePrice(p, member.country) !== undefined,
    );
    if (onSale.length === 0) return;
    const lastEntry = member.ledger[member.ledger.length - 1];
    const from = Math.max(windowStart, lastEntry?.at.getTime() ?? 0, member.signupDate.getTime());
    const until = member.lastActiveAt.getTime();
    if (from >= until) return;
    const pkg = rng.pick(onSale);
    const at = new Date(from + rng.next() * (until - from));
    const purchase: Purchase = {
      id: randomUUID(),
      providerId: `demo_${randomBytes(12).toString('base64url')}`,
      memberIndex,
      pkg,
      amount: packagePrice(pkg, member.country) as number,
      currency: currencyFor(member.country),
      country: member.country,
      method: methodsFor(member.country)[0] as string,
      at,
    };
    member.credits += pkg.credits;
    member.ledger.push({
      delta: pkg.credits,
      balanceAfter: member.credits,
      reason: 'purchase',
      reference: purchase.id,
      at,
    });
    purchases.push(purchase);
  });
  return purchases;
}

/** The demo provider's record and the payment row of each purchase. */
export function purchaseColumns(
  purchases: Purchase[],
  batch: DemoMember[],
  memberIds: number[],
): { demoPayments: Column[]; payments: Column[] } {
  const col = (pick: (p: Purchase) => unknown) => purchases.map(pick);
  const at = col((p) => p.at.toISOString());
  const site = (p: Purchase) => (batch[p.memberIndex] as DemoMember).site;
  return {
    demoPayments: [
      ['id', 'text', col((p) => p.providerId)],
      ['amount', 'int', col((p) => p.amount)],
      ['currency', 'text', col((p) => p.currency)],
      ['description', 'text', col((p) => `${site(p).domain} – ${p.pkg.credits} credits`)],
      ['method', 'text', col((p) => p.method)],
      ['redirect_url', 'text', col((p) => `http://${site(p).domain}/credits`)],
      ['webhook_url', 'text', col((p) => `http://${site(p).domain}/api/payment-webhook.php`)],
      ['status', 'payment_status', col(() => 'paid')],
      ['created_at', 'timestamptz', at],
    ],
    payments: [
      ['id', 'uuid', col((p) => p.id)],
      ['site_id', 'int', col((p) => site(p).id)],
      ['member_id', 'bigint', col((p) => memberIds[p.memberIndex])],
      ['package_id', 'int', col((p) => p.pkg.id)],
      ['credits', 'int', col((p) => p.pkg.credits)],
      ['amount', 'int', col((p) => p.amount)],
      ['currency', 'text', col((p) => p.currency)],
      ['country', 'text', col((p) => p.country)],
      ['method', 'text', col((p) => p.method)],
      ['provider', 'text', col(() => 'demo')],
      ['provider_payment_id', 'text', col((p) => p.providerId)],
      ['status', 'payment_status', col(() => 'paid')],
      ['credited_at', 'timestamptz', at],
      ['paid_at', 'timestamptz', at],
      ['created_at', 'timestamptz', at],
      ['updated_at', 'timestamptz', at],
    ],
  };
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days within the window each member was active: the day last active, the day of signing up,
 * and now and then a day between. One row per member and day, as services/accounts/sessions.ts records them.
 */
export function activeDayColumns(input: {
  batch: DemoMember[];
  memberIds: number[];
  now: Date;
  rng: Rng;
}): Column[] {
  const { batch, memberIds, now, rng } = input;
  const windowStart = Date.parse(utcDay(now.getTime() - (HISTORY_DAYS - 1) * DAY_MS));
  const rows: { day: string; memberId: number; siteId: number }[] = [];
  batch.forEach((member, i) => {
    const last = member.lastActiveAt.getTime();
    if (last < windowStart) return;
    const first = Math.max(windowStart, Date.parse(utcDay(member.signupDate.getTime())));
    const days = new Set([utcDay(last)]);
    if (member.signupDate.getTime() >= windowStart) days.add(utcDay(member.signupDate.getTime()));
    for (let day = first; day < last; day += DAY_MS) if (rng.chance(ACTIVE_DAY_SHARE)) days.add(utcDay(day));
    for (const day of days) rows.push({ day, memberId: memberIds[i] as number, siteId: member.site.id });
  });
  return [
    ['day', 'date', rows.map((r) => r.day)],
    ['member_id', 'bigint', rows.map((r) => r.memberId)],
    ['site_id', 'int', rows.map((r) => r.siteId)],
  ];
}

/** The members' tracking column: most signups of the window came through a tracked visit. */
export function trackingColumn(input: { batch: DemoMember[]; now: Date; rng: Rng }): Column {
  const windowStart = input.now.getTime() - HISTORY_DAYS * DAY_MS;
  return [
    'tracking',
    'jsonb',
    input.batch.map((member) =>
      !member.login && member.signupDate.getTime() >= windowStart && input.rng.chance(TRACKED_SIGNUP_SHARE)
        ? JSON.stringify(signupTracking(pickSource(input.rng)))
        : '{}',
    ),
  ];
}
