import type { Db, Tx } from '../db/client';
import {
  activeDayColumns,
  addRecentPurchases,
  loadSeedPackages,
  purchaseColumns,
  type SeedPackages,
  trackingColumn,
} from './activity';
import { type Column, insertColumns } from './bulk';
import { seedDemoComplaints } from './complaints';
import { seedMemberChats } from './member-chats';
import type { DemoMember, SeedSite } from './people';
import { createRng, type Rng } from './rng';
import { seedDemoTraffic } from './traffic';

/**
 * The demo data's recent past, for the console's figures and complaints: per batch of
 * members their active days, the traffic source of recent signups and recent purchases; once per
 * site the visits and bounces, chats between members and a few complaints. It draws from a random
 * source of its own, so the members themselves come out as they did without it.
 */
export type HistoryPlan = { packages: SeedPackages; now: Date; rng: Rng };

export type HistoryColumns = {
  tracking: Column;
  activeDays: Column[];
  payments: Column[];
  demoPayments: Column[];
};

export async function planHistory(db: Db, now: Date): Promise<HistoryPlan> {
  return { packages: await loadSeedPackages(db), now, rng: createRng((now.getTime() ^ 0x5eed) >>> 0) };
}

/**
 * The history rows of one batch. Call it before the batch becomes rows (rows.ts batchColumns): a
 * purchase joins its member's ledger and balance. `tracking` is a column of `members`.
 */
export function historyColumns(plan: HistoryPlan, batch: DemoMember[], memberIds: number[]): HistoryColumns {
  const { now, rng } = plan;
  const purchases = addRecentPurchases({ batch, packages: plan.packages, now, rng });
  return {
    tracking: trackingColumn({ batch, now, rng }),
    activeDays: activeDayColumns({ batch, memberIds, now, rng }),
    ...purchaseColumns(purchases, batch, memberIds),
  };
}

/** Writes a batch's history rows, after its members, in the batch's transaction. */
export async function writeHistory(tx: Tx, columns: HistoryColumns): Promise<void> {
  await insertColumns(tx, 'active_days', columns.activeDays);
  await insertColumns(tx, 'demo_payments', columns.demoPayments);
  await insertColumns(tx, 'payments', columns.payments);
}

/** What each site gets once, whatever the number of members: visits and bounces, chats, complaints. */
export async function seedSiteHistory(db: Db, plan: HistoryPlan, sites: SeedSite[]): Promise<void> {
  const ids = sites.map((s) => s.id);
  await seedDemoTraffic(db, ids, plan.now, plan.rng);
  await seedMemberChats(db, ids, plan.now, plan.rng);
  await seedDemoComplaints(db, sites, plan.now, plan.rng);
}
